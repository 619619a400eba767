import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { businessYear, type Policy, type PolicyEvent, type PolicyFormValues } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { openDatabase, rowsOf } from '../../db/client';
import { migrationFailure } from '../../db/migrate';
import { isUniqueViolation } from '../../lib/app-error';
import { ADMIN, bearer, createTestContext, insertBranch, json, login, signInAs, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';

/*
 * Issue 28, "skip the workflow and choose the folio": a policy created in another status than
 * 'Creada' is a status jump (managers and admins), and the folio de póliza is the server's — an
 * admin's is taken only for a policy without one, and only if no other policy has it.
 */

let ctx: TestContext;
let adminToken: string;
let agent: { id: number; token: string };
let approver: { id: number; token: string };
let manager: { id: number; token: string };
let santaFeAgent: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [agent, approver, manager, santaFeAgent] = await Promise.all([
    signInAs(ctx, 'agent', 1),
    signInAs(ctx, 'approver', 1),
    signInAs(ctx, 'manager', 1),
    signInAs(ctx, 'agent', 2),
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, token: string) => ctx.app.inject({ url, headers: bearer(token) });
const post = (url: string, token: string | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });

async function created(pending: ReturnType<typeof post>): Promise<Policy> {
  const response = await pending;
  expect(response.statusCode, response.body).toBe(201);
  return json<Policy>(response);
}

const events = async (id: number) => json<PolicyEvent[]>(await get(`/api/policy/${id}/events`, adminToken));

/** The stored policy as the edit form sends it back. */
const formOf = (policy: Policy, overrides: Partial<PolicyFormValues> = {}) => ({ ...policy, ...overrides }) as unknown as PolicyFormValues;

async function tableCounts() {
  const [row] = rowsOf<{ policies: number; events: number; tenants: number }>(
    await ctx.testDb.database.db.execute(
      sql`select (select count(*)::int from policies) as policies, (select count(*)::int from policy_events) as events, (select count(*)::int from tenants) as tenants`,
    ),
  );
  return row;
}

/** A folio no other test of this file uses. */
let folios = 0;
const freshFolio = () => `POL-1999-${String(++folios).padStart(5, '0')}-${process.pid}`;

describe('POST /api/policy in another status than Creada', () => {
  it('is refused to agents and approvers with the update’s 403, naming the field, and writes nothing', async () => {
    const before = await tableCounts();
    for (const token of [agent.token, approver.token]) {
      const response = await post('/api/policy', token, examplePolicyInput({ status: 'active', policyNumber: 'POL-2026-00001' }));
      const message = 'Solo un gerente o administrador puede cambiar el estatus de «Creada» a «Activa» desde el formulario';
      expect(json(response)).toEqual({ statusCode: 403, error: 'Forbidden', code: 'forbidden', message, details: [{ field: 'status', message }] });
    }
    // Even 'En investigación', which the first uploaded document starts.
    const investigation = await post('/api/policy', agent.token, examplePolicyInput({ status: 'investigation' }));
    expect(investigation.statusCode).toBe(403);
    expect(json(investigation).message).toContain('a «En investigación»');
    expect(await tableCounts()).toEqual(before);
  });

  it('is a manager’s or an admin’s jump, marked in the history like the form’s', async () => {
    const policy = await created(post('/api/policy', manager.token, examplePolicyInput({ status: 'active' })));
    expect(policy).toMatchObject({ status: 'active', branchId: 1, userId: manager.id });
    expect(await events(policy.id)).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'active', userId: manager.id, changes: ['Salto de estatus'], note: 'Póliza creada' }),
    ]);
    const byAdmin = await created(post('/api/policy', adminToken, examplePolicyInput({ status: 'expired', branchId: 2 })));
    expect((await events(byAdmin.id))[0]!.changes).toEqual(['Salto de estatus']);
  });

  it('leaves a policy created in Creada as it was: anyone’s, no jump', async () => {
    const policy = await created(post('/api/policy', agent.token, examplePolicyInput()));
    expect(await events(policy.id)).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'created', changes: [] })]);
  });

  it('needs a session (401)', async () => {
    expect((await post('/api/policy', null, examplePolicyInput({ status: 'active' }))).statusCode).toBe(401);
  });
});

describe('the folio de póliza a client sends', () => {
  it('is ignored on create for everyone but admins', async () => {
    for (const token of [agent.token, manager.token]) {
      const policy = await created(post('/api/policy', token, examplePolicyInput({ policyNumber: 'POL-2026-00001' })));
      expect(policy.policyNumber).toBe('');
    }
  });

  it('is ignored on update for everyone but admins, whether the policy has one or not', async () => {
    const blank = await created(post('/api/policy', agent.token, examplePolicyInput()));
    for (const token of [agent.token, manager.token]) {
      const response = await post(`/api/policy/update/${blank.id}`, token, formOf(blank, { policyNumber: 'POL-2026-00001' }));
      expect(response.statusCode, response.body).toBe(200);
      expect(json<Policy>(response).policyNumber).toBe('');
    }
    const numbered = await newPolicy(ctx, { token: agent.token, overrides: { policyNumber: freshFolio() }, via: 'admin-jump' });
    const response = await post(`/api/policy/update/${numbered.id}`, manager.token, formOf(numbered, { policyNumber: 'OTRO-1' }));
    expect(json<Policy>(response).policyNumber).toBe(numbered.policyNumber);
  });

  it('is an admin’s on a policy without one (an old policy imported), on create and on update', async () => {
    const folio = freshFolio();
    const imported = await created(post('/api/policy', adminToken, examplePolicyInput({ policyNumber: folio, branchId: 1 })));
    expect(imported.policyNumber).toBe(folio);
    const blank = await created(post('/api/policy', agent.token, examplePolicyInput()));
    const later = freshFolio();
    const response = await post(`/api/policy/update/${blank.id}`, adminToken, formOf(blank, { policyNumber: later }));
    expect(json<Policy>(response).policyNumber).toBe(later);
    // Once it has one, not even an admin's form changes it: the number is on the contracts.
    const again = await post(`/api/policy/update/${blank.id}`, adminToken, formOf(blank, { policyNumber: freshFolio() }));
    expect(json<Policy>(again).policyNumber).toBe(later);
  });

  it('answers 409 naming a folio another policy has (in any branch), and writes nothing', async () => {
    const folio = freshFolio();
    await newPolicy(ctx, { token: santaFeAgent.token, overrides: { policyNumber: folio }, via: 'admin-jump' });
    const blank = await created(post('/api/policy', agent.token, examplePolicyInput()));
    const before = await tableCounts();
    const message = `El folio de póliza ${folio} ya existe`;
    const onCreate = await post('/api/policy', adminToken, examplePolicyInput({ policyNumber: folio, branchId: 1 }));
    expect(json(onCreate)).toEqual({ statusCode: 409, error: 'Conflict', code: 'conflict', message, details: [{ field: 'policyNumber', message }] });
    const onUpdate = await post(`/api/policy/update/${blank.id}`, adminToken, formOf(blank, { policyNumber: folio, specialnote: 'Importada' }));
    expect(json(onUpdate)).toMatchObject({ statusCode: 409, message });
    expect(await tableCounts()).toEqual(before);
    expect(json<Policy>(await get(`/api/policy/unique/${blank.id}`, agent.token))).toEqual(blank);
  });

  it('gives one of two admins importing the same folio at once a 409', async () => {
    const folio = freshFolio();
    const responses = await Promise.all([0, 1].map(() => post('/api/policy', adminToken, examplePolicyInput({ policyNumber: folio, branchId: 1 }))));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = json(responses.find((response) => response.statusCode === 409)!);
    expect(refused.details).toEqual([{ field: 'policyNumber', message: refused.message }]);
  });
});

describe('two writers of one folio at the same instant (PostgreSQL: two connections)', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('answers the one that loses on the index 409, naming the field, never 500', async () => {
    const folio = freshFolio();
    const holder = await created(post('/api/policy', agent.token, examplePolicyInput()));
    const other = await openDatabase({ databaseUrl: ctx.testDb.url! });
    try {
      let response: Awaited<ReturnType<typeof post>> | undefined;
      await other.db.transaction(async (tx) => {
        // Another session gives the folio and has not committed: the API's check cannot see it yet.
        await tx.execute(sql`update policies set policy_number = ${folio} where id = ${holder.id}`);
        const pending = post('/api/policy', adminToken, examplePolicyInput({ policyNumber: folio, branchId: 1 }));
        void pending.then((answer) => (response = answer));
        await waitForLockWait();
      });
      await vi.waitFor(() => expect(response).toBeDefined(), { timeout: 10_000 });
      const message = 'Otra póliza recibió el mismo folio de póliza al mismo tiempo. Intente nuevamente.';
      expect(json(response!)).toEqual({ statusCode: 409, error: 'Conflict', code: 'conflict', message, details: [{ field: 'policyNumber', message }] });
    } finally {
      await other.close();
    }
  });
});

/** Until a session of this database waits on a lock (the API's insert, on the uncommitted folio). */
async function waitForLockWait() {
  await vi.waitFor(
    async () => {
      const [row] = rowsOf<{ n: number }>(
        await ctx.testDb.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
      );
      expect(row!.n).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('numbering at Contratos generados with the unique folio', () => {
  it('skips a number an admin imported, and gives the next ones on PGlite and PostgreSQL alike', async () => {
    const branchId = await insertBranch(ctx, { code: 'IMPX' });
    const branchAgent = await signInAs(ctx, 'agent', branchId);
    const year = businessYear(new Date());
    await created(post('/api/policy', adminToken, examplePolicyInput({ branchId, policyNumber: `IMPX-${year}-00002` })));
    const numbers: string[] = [];
    for (let index = 0; index < 3; index++) {
      const approved = await newPolicy(ctx, { token: branchAgent.token, overrides: { status: 'investigation_approved' }, via: 'admin-jump' });
      const response = await post(`/api/policy/update/${approved.id}`, branchAgent.token, { status: 'contracts' });
      expect(response.statusCode, response.body).toBe(200);
      numbers.push(json<Policy>(response).policyNumber);
    }
    expect(numbers).toEqual([`IMPX-${year}-00001`, `IMPX-${year}-00003`, `IMPX-${year}-00004`]);
  });
});

describe('the unique index (migration 0024)', () => {
  const db = () => ctx.testDb.database.db;
  const uniqueViolation = (statement: SQL) => db().execute(statement).then(() => false, (error: unknown) => isUniqueViolation(error, 'policies_policy_number_key'));
  const migration = () => fs.readFileSync(new URL('../../../drizzle/0024_policy_number_unique.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');

  it('refuses a second policy with a folio, whoever writes it', async () => {
    const folio = freshFolio();
    const [first, second] = await Promise.all([0, 1].map(() => created(post('/api/policy', agent.token, examplePolicyInput()))));
    await db().execute(sql`update policies set policy_number = ${folio} where id = ${first!.id}`);
    expect(await uniqueViolation(sql`update policies set policy_number = ${folio} where id = ${second!.id}`)).toBe(true);
    // Many policies without a number are not duplicates.
    await db().execute(sql`update policies set policy_number = '' where id in (${first!.id}, ${second!.id})`);
  });

  it('stops the upgrade of a database holding duplicates, listing each folio with its policies', async () => {
    const folio = freshFolio();
    const ids = (await Promise.all([0, 1, 2].map(() => created(post('/api/policy', agent.token, examplePolicyInput()))))).map((policy) => policy.id);
    await db().execute(sql`drop index policies_policy_number_key`);
    await db().execute(sql`update policies set policy_number = ${folio} where id in ${ids}`);
    const [check, createIndex] = migration();
    // Read as the server's start-up prints it (runMigrations' error: the database's words first).
    const failure = await db().execute(sql.raw(check!)).then(() => null, (error: unknown) => migrationFailure(error) as Error);
    expect(failure?.message).toMatch(
      new RegExp(`^Falló una migración de la base de datos: Folios de póliza repetidos: ${folio} \\(pólizas ${[...ids].sort((a, b) => a - b).join(', ')}\\)\n.*vacíelo en las demás`),
    );

    // The operator keeps the folio on one of them: the migration then goes through.
    await db().execute(sql`update policies set policy_number = '' where id in ${ids.slice(1)}`);
    for (const statement of [check!, createIndex!]) await db().execute(sql.raw(statement));
    expect(await uniqueViolation(sql`update policies set policy_number = ${folio} where id = ${ids[1]!}`)).toBe(true);
  });
});
