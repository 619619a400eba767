import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { businessYear, policySearchText, type Policy, type PolicyEvent, type PolicyFormValues } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, json, login, signInAs, type TestContext } from '../../test/app';
import { newPolicy, rentOverrides } from '../../test/policies';
import { users } from '../../db/schema/index';
import { rowsOf } from '../../db/client';

/*
 * Issue 15's term, policy number, renewal and early termination through the API (the daily
 * status changes are tested in modules/policy-lifecycle).
 */

let ctx: TestContext;
let adminToken: string;
let polancoAgent: { id: number; token: string };
let polancoManager: { id: number; token: string };
let polancoApprover: { id: number; token: string };
let santaFeAgent: { id: number; token: string };
let santaFeManager: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [polancoAgent, polancoManager, polancoApprover, santaFeAgent, santaFeManager] = await Promise.all([
    signInAs(ctx, 'agent', 1),
    signInAs(ctx, 'manager', 1),
    signInAs(ctx, 'approver', 1),
    signInAs(ctx, 'agent', 2),
    signInAs(ctx, 'manager', 2),
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, token: string) => ctx.app.inject({ url, headers: bearer(token) });
const post = (url: string, token: string | null, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A policy of Polanco (branch 1) in `status`, made by the admin (creating is not a jump). */
function policyIn(status: PolicyFormValues['status'], overrides: Partial<PolicyFormValues> = {}) {
  return newPolicy(ctx, { token: adminToken, overrides: { status, branchId: 1, ...overrides } });
}

const withStart = (contractStartDate: string | null, termMonths?: number): Partial<PolicyFormValues> => ({
  ...(termMonths === undefined ? {} : { termMonths }),
  ...rentOverrides({ contractStartDate }),
});

async function events(id: number): Promise<PolicyEvent[]> {
  return json<PolicyEvent[]>(await get(`/api/policy/${id}/events`, adminToken));
}

async function storedRow(id: number) {
  const result = await ctx.testDb.database.db.execute(
    sql`select term_months, start_date::text, end_date::text, search_text, renewed_to_policy_id, renewed_from_policy_id from policies where id = ${id}`,
  );
  return rowsOf<Record<string, unknown>>(result)[0]!;
}

describe('the term', () => {
  it('defaults to 12 months and ends the day before the same day a year later, stored and in every JSON', async () => {
    const policy = await newPolicy(ctx, { token: polancoAgent.token, overrides: withStart('2026-01-15') });
    expect(policy).toMatchObject({ termMonths: 12, endDate: '2027-01-14', renewedToPolicyId: null, renewedFromPolicyId: null });
    expect(await storedRow(policy.id)).toMatchObject({ term_months: 12, start_date: '2026-01-15', end_date: '2027-01-14' });

    const page = json<{ items: Array<Record<string, unknown>> }>(await get(`/api/policy/search?q=${policy.investigationId}`, polancoAgent.token));
    expect(page.items[0]).toMatchObject({ id: policy.id, contractStartDate: '2026-01-15', endDate: '2027-01-14', renewedToPolicyId: null });
    // The full list's JSON is built by PostgreSQL (policy-json.ts): the same fields.
    const list = json<Policy[]>(await get('/api/policy', polancoAgent.token));
    expect(list.find((item) => item.id === policy.id)).toEqual(policy);
  });

  it('follows the form: a new term or start date moves the end date, none clears it', async () => {
    const policy = await newPolicy(ctx, { token: polancoAgent.token, overrides: withStart('2026-01-31', 1) });
    expect(policy.endDate).toBe('2026-02-28');
    const { id, investigationId: _f, createdAt: _c, updatedAt: _u, userId: _us, guarantorNames: _g, ownerName: _o, propertyAddress: _p, endDate: _e, ...body } = policy;
    const longer = json<Policy>(await post(`/api/policy/update/${id}`, polancoAgent.token, { ...body, termMonths: 24 }));
    expect(longer).toMatchObject({ termMonths: 24, endDate: '2028-01-30' });
    expect((await events(id))[0]!.changes).toEqual(['Datos generales']);
    const undated = { ...body, property: { ...body.property, rent: { ...body.property.rent, contractStartDate: null } } };
    expect(json<Policy>(await post(`/api/policy/update/${id}`, polancoAgent.token, undated)).endDate).toBeNull();
  });

  it('is what migration 0012 backfills for existing policies (its last statement, the same rule in SQL)', async () => {
    const cases: Array<[string | null, number]> = [['2026-01-31', 1], ['2028-01-30', 1], ['2026-01-15', 12], ['2028-02-29', 12], ['2026-03-31', 1], [null, 12]];
    const created = await Promise.all(cases.map(([start, months]) => newPolicy(ctx, { token: polancoAgent.token, overrides: withStart(start, months) })));
    const db = ctx.testDb.database.db;
    const ids = created.map((policy) => policy.id);
    await db.execute(sql`update policies set start_date = null, end_date = null where id in ${ids}`);
    expect(await storedRow(ids[0]!)).toMatchObject({ start_date: null, end_date: null });
    const migration = fs.readFileSync(new URL('../../../drizzle/0012_policy_term_number_lifecycle.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    for (const policy of created) {
      expect(await storedRow(policy.id)).toMatchObject({ start_date: policy.property.rent.contractStartDate, end_date: policy.endDate });
    }
    expect(created.map((policy) => policy.endDate)).toEqual(['2026-02-28', '2028-02-29', '2027-01-14', '2029-02-28', '2026-04-30', null]);
  });

  it('refuses a term outside 1–60 whole months (400 naming the field)', async () => {
    for (const termMonths of [0, 61, 6.5, 'doce']) {
      const response = await post('/api/policy', polancoAgent.token, examplePolicyInput({ termMonths } as Partial<PolicyFormValues>));
      expect(response.statusCode, String(termMonths)).toBe(400);
      expect(json(response).details[0]).toMatchObject({ field: 'termMonths', message: expect.stringContaining('Vigencia (meses)') });
    }
  });
});

describe('the policy number', () => {
  it('is given on Generar Contratos as {code}-{year}-{NNNNN}, searchable, noted in the history, and kept after', async () => {
    const policy = await policyIn('investigation_approved');
    const year = businessYear(new Date());
    const contracts = json<Policy>(await post(`/api/policy/update/${policy.id}`, polancoAgent.token, { status: 'contracts' }));
    expect(contracts.policyNumber).toMatch(new RegExp(`^POL-${year}-\\d{5}$`));
    const row = await storedRow(policy.id);
    expect(row.search_text).toBe(policySearchText({ ...contracts, tenantNames: contracts.tenants.map((t) => t.name), guarantorNames: [], ownerName: contracts.ownerName, ...contracts.property.address }));
    expect((await events(policy.id))[0]!.note).toContain(`Folio de póliza asignado: ${contracts.policyNumber}`);

    const signature = json<Policy>(await post(`/api/policy/update/${policy.id}`, polancoAgent.token, { status: 'signature' }));
    expect(signature.policyNumber).toBe(contracts.policyNumber);
  });

  it('is given by the form’s status select and by an admin’s jump, and a typed number is kept', async () => {
    const approved = await policyIn('investigation_approved');
    const { id, investigationId: _f, createdAt: _c, updatedAt: _u, userId: _us, guarantorNames: _g, ownerName: _o, propertyAddress: _p, ...body } = approved;
    const byForm = json<Policy>(await post(`/api/policy/update/${id}`, polancoAgent.token, { ...body, status: 'contracts' }));
    expect(byForm.policyNumber).toMatch(/^POL-\d{4}-\d{5}$/);
    // The form loaded before the number was given sends it blank: the number stays.
    const resaved = json<Policy>(await post(`/api/policy/update/${id}`, polancoAgent.token, { ...body, status: 'contracts' }));
    expect(resaved.policyNumber).toBe(byForm.policyNumber);

    const created = await policyIn('created');
    const jumped = json<Policy>(await post(`/api/policy/update/${created.id}`, adminToken, { ...stripped(created), status: 'contracts' }));
    expect(jumped.policyNumber).toMatch(/^POL-\d{4}-\d{5}$/);

    const typed = await policyIn('investigation_approved', { policyNumber: 'MANUAL-1' });
    expect(json<Policy>(await post(`/api/policy/update/${typed.id}`, polancoAgent.token, { status: 'contracts' })).policyNumber).toBe('MANUAL-1');
  });
});

function stripped(policy: Policy) {
  const { id: _i, investigationId: _f, createdAt: _c, updatedAt: _u, userId: _us, guarantorNames: _g, ownerName: _o, propertyAddress: _p, ...body } = policy;
  return body;
}

describe('POST /api/policy/{id}/renew', () => {
  it('creates the next policy in Creada with the same people, property and rent, new rows, linked both ways', async () => {
    const old = await policyIn('expired', {
      ...withStart('2025-03-10', 6),
      policyType: 'plusAuto',
      policyNumber: 'POL-2025-00007',
      guarantors: [{ ...exampleGuarantor('Carlos Ruiz'), vehicle: { brand: 'Nissan', model: 'Versa', year: '2021', color: 'Gris', licensePlate: 'ABC-123-D' } }],
    });
    const response = await post(`/api/policy/${old.id}/renew`, polancoAgent.token);
    expect(response.statusCode).toBe(201);
    const renewal = json<Policy>(response);
    expect(renewal).toMatchObject({
      status: 'created',
      policyNumber: '',
      previousPolicy: 'POL-2025-00007',
      policyType: 'plusAuto',
      termMonths: 6,
      endDate: '2026-03-09',
      branchId: 1,
      userId: old.userId,
      renewedFromPolicyId: old.id,
      renewedToPolicyId: null,
    });
    expect(renewal.id).not.toBe(old.id);
    expect(renewal.investigationId).not.toBe(old.investigationId);
    expect(renewal.property.rent.contractStartDate).toBe('2025-09-10');
    expect(renewal.tenants.map((t) => t.name)).toEqual(old.tenants.map((t) => t.name));
    expect(renewal.tenants[0]!.id).not.toBe(old.tenants[0]!.id);
    expect(renewal.tenants[0]!.references.map(({ id: _id, ...r }) => r)).toEqual(old.tenants[0]!.references.map(({ id: _id, ...r }) => r));
    expect(renewal.guarantors[0]).toMatchObject({ name: 'Carlos Ruiz', vehicle: { brand: 'Nissan', licensePlate: 'ABC-123-D' } });
    expect(renewal.guarantors[0]!.vehicle!.id).not.toBe(old.guarantors[0]!.vehicle!.id);
    expect(renewal.property.owner).toMatchObject({ ...old.property.owner, id: expect.any(Number) });
    expect(renewal.property.id).not.toBe(old.property.id);
    const { id: _r, contractStartDate: _s, ...rent } = old.property.rent;
    expect(renewal.property.rent).toMatchObject(rent);

    const after = json<Policy>(await get(`/api/policy/unique/${old.id}`, polancoAgent.token));
    expect(after).toMatchObject({ status: 'expired', renewedToPolicyId: renewal.id });
    expect((await events(old.id))[0]).toMatchObject({ note: `Renovada como ${renewal.investigationId}`, userId: polancoAgent.id });
    expect((await events(renewal.id))[0]).toMatchObject({ toStatus: 'created', note: expect.stringMatching(/^Póliza creada\nRenovación de POL-2025-00007\nAgente: /) });
  });

  it("keeps the policy's agent when a manager renews it, says so in the history, and falls back to the manager when the agent left (issue 29)", async () => {
    const agent = await signInAs(ctx, 'agent', 1);
    const agentsPolicy = await newPolicy(ctx, { token: agent.token, overrides: { status: 'active', ...withStart('2026-01-01') }, via: 'admin-jump' });
    expect(agentsPolicy.userId).toBe(agent.id);
    const kept = json<Policy>(await post(`/api/policy/${agentsPolicy.id}/renew`, polancoManager.token));
    expect(kept.userId).toBe(agent.id);
    expect((await events(kept.id))[0]!.note).toContain('Agente: el de la póliza anterior');

    const leaving = await signInAs(ctx, 'agent', 1);
    const orphan = await newPolicy(ctx, { token: leaving.token, overrides: { status: 'active', ...withStart('2026-01-01') }, via: 'admin-jump' });
    await ctx.app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, leaving.id));
    const taken = json<Policy>(await post(`/api/policy/${orphan.id}/renew`, polancoManager.token));
    expect(taken.userId).toBe(polancoManager.id);
    expect((await events(taken.id))[0]!.note).toContain('Agente: quien la renovó');
  });

  it('renews active and expiring policies (manager, admin) and answers 409 to a renewed one or one not in force', async () => {
    const active = await policyIn('active', withStart('2026-01-01'));
    expect((await post(`/api/policy/${active.id}/renew`, polancoManager.token)).statusCode).toBe(201);
    const again = await post(`/api/policy/${active.id}/renew`, adminToken);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Esta póliza ya fue renovada');

    const expiring = await policyIn('expiring', withStart('2026-01-01'));
    expect((await post(`/api/policy/${expiring.id}/renew`, adminToken)).statusCode).toBe(201);

    for (const status of ['created', 'signature', 'cancelled'] as const) {
      const policy = await policyIn(status);
      const refused = await post(`/api/policy/${policy.id}/renew`, polancoAgent.token);
      expect(refused.statusCode, status).toBe(409);
      expect(json(refused).message).toBe('Solo se puede renovar una póliza activa, por vencer o vencida');
    }
  });

  it('answers 401 without a token, 403 to an approver, 404 for another branch or a missing policy, and writes nothing', async () => {
    const policy = await policyIn('expired', withStart('2025-01-01'));
    expect((await post(`/api/policy/${policy.id}/renew`, null)).statusCode).toBe(401);
    expect((await post(`/api/policy/${policy.id}/renew`, polancoApprover.token)).statusCode).toBe(403);
    expect((await post(`/api/policy/${policy.id}/renew`, santaFeAgent.token)).statusCode).toBe(404);
    expect((await post(`/api/policy/${policy.id}/renew`, santaFeManager.token)).statusCode).toBe(404);
    expect((await post('/api/policy/99999999/renew', adminToken)).statusCode).toBe(404);
    expect((await post('/api/policy/abc/renew', adminToken)).statusCode).toBe(400);
    expect(json<Policy>(await get(`/api/policy/unique/${policy.id}`, adminToken)).renewedToPolicyId).toBeNull();
  });
});

describe('POST /api/policy/{id}/terminate', () => {
  it('cancels an active or expiring policy with the reason in its history (manager, admin)', async () => {
    const active = await policyIn('active');
    const response = await post(`/api/policy/${active.id}/terminate`, polancoManager.token, { reason: '  El inquilino dejó el inmueble  ' });
    expect(response.statusCode).toBe(200);
    expect(json<Policy>(response).status).toBe('cancelled');
    expect((await events(active.id))[0]).toMatchObject({
      fromStatus: 'active',
      toStatus: 'cancelled',
      userId: polancoManager.id,
      note: 'Terminación anticipada\nMotivo: El inquilino dejó el inmueble',
    });
    const expiring = await policyIn('expiring');
    expect((await post(`/api/policy/${expiring.id}/terminate`, adminToken, { reason: 'Acuerdo entre partes' })).statusCode).toBe(200);
  });

  it('answers 400 naming Motivo when empty or too long, 409 for a policy not in force', async () => {
    const policy = await policyIn('active');
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const response = await post(`/api/policy/${policy.id}/terminate`, polancoManager.token, body);
      expect(response.statusCode).toBe(400);
      expect(json(response).details[0]).toMatchObject({ field: 'reason', message: expect.stringContaining('Motivo') });
    }
    const signature = await policyIn('signature');
    const refused = await post(`/api/policy/${signature.id}/terminate`, polancoManager.token, { reason: 'No firmó' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('Solo se puede terminar anticipadamente una póliza activa o por vencer');
  });

  it('answers 401 without a token, 403 to agents and approvers, 404 for another branch, and changes nothing', async () => {
    const policy = await policyIn('active');
    const body = { reason: 'Motivo cualquiera' };
    expect((await post(`/api/policy/${policy.id}/terminate`, null, body)).statusCode).toBe(401);
    const agent = await post(`/api/policy/${policy.id}/terminate`, polancoAgent.token, body);
    expect(agent.statusCode).toBe(403);
    expect(json(agent).message).toBe('Solo un gerente o administrador puede terminar anticipadamente una póliza');
    expect((await post(`/api/policy/${policy.id}/terminate`, polancoApprover.token, body)).statusCode).toBe(403);
    expect((await post(`/api/policy/${policy.id}/terminate`, santaFeManager.token, body)).statusCode).toBe(404);
    expect(json<Policy>(await get(`/api/policy/unique/${policy.id}`, adminToken)).status).toBe('active');
  });
});
