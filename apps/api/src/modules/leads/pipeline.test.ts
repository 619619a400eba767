import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatPhone, whatsappHref, type Lead, type LeadColumn, type LeadFormValues, type Notification } from '@portal/domain';
import { notifications } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, json, login, signInAs, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { sendLeadFollowUps } from './index';

/** Issue 20, 'Working the pipeline': numbers, owners, follow-ups, conversion, notes with authors, admins' branch. */
let ctx: TestContext;
let admin: string;
let agent: { id: number; token: string };
let otherAgent: { id: number; token: string };
let manager: { id: number; token: string };
let approver: { id: number; token: string };
let santaFeAgent: { id: number; token: string };
let santaFeManager: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [agent, otherAgent, manager, approver, santaFeAgent, santaFeManager] = await Promise.all([
    signInAs(ctx, 'agent', 1),
    signInAs(ctx, 'agent', 1),
    signInAs(ctx, 'manager', 1),
    signInAs(ctx, 'approver', 1),
    signInAs(ctx, 'agent', 2),
    signInAs(ctx, 'manager', 2),
  ]);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

async function createLead(overrides: Partial<LeadFormValues> = {}, token = agent.token, query = ''): Promise<Lead> {
  const response = await call('POST', `/api/leads${query}`, token, { name: 'Lucía Romero', phone: '5590004000', source: 'Facebook', ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return json<Lead>(response);
}

const listIds = async (url: string, token: string) => json<Lead[]>(await call('GET', url, token)).map((lead) => lead.id);

describe('numbers', () => {
  it.each([
    ['5590004000', '+525590004000', '55 9000 4000'],
    ['55 9000 4000', '+525590004000', '55 9000 4000'],
    ['(55) 9000-4000', '+525590004000', '55 9000 4000'],
    ['+52 1 55 9000 4000', '+525590004000', '55 9000 4000'],
    ['+52 33 1234 5678', '+523312345678', '33 1234 5678'],
    ['+1 415 555 2671', '+14155552671', '+1 415 555 2671'],
  ])('stores %s as %s, shown %s', async (typed, e164, shown) => {
    const lead = await createLead({ phone: typed, phonewhats: typed });
    expect(lead.phone).toBe(e164);
    expect(lead.phonewhats).toBe(e164);
    expect(formatPhone(lead.phone)).toBe(shown);
  });

  it('links a CDMX number to Mexico on WhatsApp, not Brazil', async () => {
    const lead = await createLead({ phone: '', phonewhats: '5590004000' });
    expect(whatsappHref(lead.phonewhats)).toBe('https://wa.me/525590004000');
  });

  it('answers 400 naming the field for a number that is none, and writes nothing', async () => {
    const before = (await listIds('/api/leads', agent.token)).length;
    for (const [field, value] of [['phone', '12345'], ['phonewhats', '55 9000'], ['phone', 'llámame']] as const) {
      const response = await call('POST', '/api/leads', agent.token, { name: 'Sin número', [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(json(response).details[0]).toMatchObject({ field });
    }
    const update = await call('POST', `/api/leads/update/${(await createLead()).id}`, agent.token, { name: 'X', phone: '000' });
    expect(json(update)).toMatchObject({ statusCode: 400, details: [{ field: 'phone', message: 'El campo Teléfono no es un número de teléfono válido' }] });
    expect((await listIds('/api/leads', agent.token)).length).toBe(before + 1);
  });
});

describe('owner and filters', () => {
  it("defaults the owner to the creator, and 'Mis leads' (owner=me) lists only the caller's", async () => {
    const mine = await createLead({ name: 'Mía' });
    expect(mine).toMatchObject({ ownerId: agent.id, ownerName: 'Ana Pérez' });
    const theirs = await createLead({ name: 'Suya' }, otherAgent.token);
    const mineIds = await listIds('/api/leads?owner=me', agent.token);
    expect(mineIds).toContain(mine.id);
    expect(mineIds).not.toContain(theirs.id);
    expect(await listIds(`/api/leads?owner=${otherAgent.id}`, agent.token)).toContain(theirs.id);
  });

  it('filters by source, and refuses an unknown source or owner in the filter (400)', async () => {
    const referred = await createLead({ source: 'Referido' });
    const ids = await listIds('/api/leads?source=Referido', agent.token);
    expect(ids).toContain(referred.id);
    const leads = json<Lead[]>(await call('GET', '/api/leads?source=Referido', agent.token));
    expect(leads.every((lead) => lead.source === 'Referido')).toBe(true);
    expect((await call('GET', '/api/leads?source=TikTok', agent.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/leads?owner=nadie', agent.token)).statusCode).toBe(400);
  });

  it("changes the owner to another agent or manager of the branch, and refuses an approver or another branch's agent (400)", async () => {
    const lead = await createLead();
    const moved = json<Lead>(await call('POST', `/api/leads/update/${lead.id}`, agent.token, { name: lead.name, ownerId: manager.id }));
    expect(moved.ownerId).toBe(manager.id);
    for (const ownerId of [approver.id, santaFeAgent.id, 999999]) {
      const response = await call('POST', `/api/leads/update/${lead.id}`, agent.token, { name: lead.name, ownerId });
      expect(json(response)).toMatchObject({ statusCode: 400, details: [{ field: 'ownerId' }] });
    }
    // A body without ownerId (a client written to the spec) leaves the owner alone; null clears it.
    expect(json<Lead>(await call('POST', `/api/leads/update/${lead.id}`, agent.token, { name: 'Otro nombre' })).ownerId).toBe(manager.id);
    expect(json<Lead>(await call('POST', `/api/leads/update/${lead.id}`, agent.token, { name: 'Otro nombre', ownerId: null })).ownerId).toBeNull();
  });

  it('lists the owners a lead may have: active agents and managers of the branch', async () => {
    const owners = json<{ id: number; name: string }[]>(await call('GET', '/api/leads/owners', agent.token));
    const ids = owners.map((owner) => owner.id);
    expect(ids).toEqual(expect.arrayContaining([agent.id, otherAgent.id, manager.id]));
    expect(ids).not.toContain(approver.id);
    expect(ids).not.toContain(santaFeAgent.id);
  });
});

describe('follow-up day', () => {
  it('refuses a date that is no calendar day (400)', async () => {
    for (const followUpDate of ['2026-02-30', 'mañana', '26-12-01']) {
      const response = await call('POST', '/api/leads', agent.token, { name: 'Fecha', followUpDate });
      expect(json(response), followUpDate).toMatchObject({ statusCode: 400, details: [{ field: 'followUpDate' }] });
    }
  });

  it('tells the owner on the day (Mexico City), once however often the job runs', async () => {
    const lead = await createLead({ name: 'Seguimiento', followUpDate: '2031-03-10' });
    const other = await createLead({ name: 'Otro día', followUpDate: '2031-03-11' });
    // 05:00 UTC on the 11th is still the 10th in Mexico City (UTC-6, no daylight saving since 2022).
    const now = new Date('2031-03-11T05:00:00Z');
    const first = await sendLeadFollowUps(ctx.testDb.database.db, now);
    const second = await sendLeadFollowUps(ctx.testDb.database.db, now);
    expect(first).toEqual({ today: '2031-03-10', notified: 1 });
    expect(second).toEqual({ today: '2031-03-10', notified: 0 });
    const rows = await ctx.testDb.database.db.select().from(notifications).where(and(eq(notifications.kind, 'lead_follow_up'), eq(notifications.userId, agent.id)));
    expect(rows.map((row) => row.leadId)).toEqual([lead.id]);
    expect(rows.map((row) => row.leadId)).not.toContain(other.id);
    const bell = json<{ items: Notification[] }>(await call('GET', '/api/notifications', agent.token));
    expect(bell.items.find((item) => item.kind === 'lead_follow_up')).toMatchObject({ leadId: lead.id, title: 'Seguimiento de lead: Seguimiento', policyId: null });
  });
});

describe('conversion into a policy', () => {
  async function markWon(columnId: string | null) {
    const columns = json<LeadColumn[]>(await call('GET', '/api/leads/columns', manager.token));
    const saved = await call('PUT', '/api/leads/columns', manager.token, { columns: columns.map((column) => ({ ...column, isWon: column.id === columnId })) });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('links lead and policy both ways and moves the lead to the won column', async () => {
    await markWon('poliza');
    const lead = await createLead({ name: 'Ganado' });
    const policy = await newPolicy(ctx, { token: agent.token });
    const converted = json<Lead>(await call('POST', `/api/leads/${lead.id}/convert`, agent.token, { policyId: policy.id }));
    expect(converted).toMatchObject({ policyId: policy.id, status: 'poliza' });
    expect(json<Lead>(await call('GET', `/api/leads/of-policy/${policy.id}`, agent.token))).toMatchObject({ id: lead.id, name: 'Ganado' });
    // Converted once: a second conversion, or another lead onto the same policy, is a 409.
    const again = await call('POST', `/api/leads/${lead.id}/convert`, agent.token, { policyId: (await newPolicy(ctx, { token: agent.token })).id });
    expect(json(again)).toMatchObject({ statusCode: 409, message: 'El lead ya se convirtió en póliza' });
    const taken = await call('POST', `/api/leads/${(await createLead()).id}/convert`, agent.token, { policyId: policy.id });
    expect(json(taken)).toMatchObject({ statusCode: 409, message: 'La póliza ya está ligada a otro lead' });
  });

  it('keeps the column when the board marks none as won', async () => {
    await markWon(null);
    const lead = await createLead();
    await call('POST', `/api/leads/${lead.id}/status/accion`, agent.token);
    const converted = json<Lead>(await call('POST', `/api/leads/${lead.id}/convert`, agent.token, { policyId: (await newPolicy(ctx, { token: agent.token })).id }));
    expect(converted).toMatchObject({ status: 'accion' });
  });

  it("moves the lead to «Póliza» on a board nobody configured: the default board has a won column (issue 29)", async () => {
    const lead = await createLead({ name: 'Sin configurar' }, santaFeAgent.token);
    const policy = await newPolicy(ctx, { token: santaFeAgent.token });
    const converted = json<Lead>(await call('POST', `/api/leads/${lead.id}/convert`, santaFeAgent.token, { policyId: policy.id }));
    expect(converted).toMatchObject({ policyId: policy.id, status: 'poliza' });
  });

  it('answers null, not a 404, for a policy that came from no lead (agents and admins)', async () => {
    const policy = await newPolicy(ctx, { token: agent.token });
    for (const token of [agent.token, admin]) {
      const response = await call('GET', `/api/leads/of-policy/${policy.id}`, token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toBeNull();
    }
  });

  it("refuses another branch's policy or lead (404), a bad body (400) and no token (401)", async () => {
    const lead = await createLead();
    const santaFePolicy = await newPolicy(ctx, { token: santaFeAgent.token });
    expect(json(await call('POST', `/api/leads/${lead.id}/convert`, agent.token, { policyId: santaFePolicy.id }))).toMatchObject({ statusCode: 404, message: 'No se encontró la póliza en la sucursal del lead' });
    expect(json(await call('POST', `/api/leads/${lead.id}/convert`, santaFeAgent.token, { policyId: santaFePolicy.id }))).toMatchObject({ statusCode: 404, message: 'No se encontró el lead' });
    expect((await call('GET', `/api/leads/of-policy/${santaFePolicy.id}`, agent.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/leads/of-policy/999999', agent.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/leads/${lead.id}/convert`, agent.token, { policyId: 'uno' })).statusCode).toBe(400);
    expect((await call('POST', `/api/leads/${lead.id}/convert`, undefined, { policyId: 1 })).statusCode).toBe(401);
    expect(json<Lead>(await call('GET', `/api/leads/${lead.id}`, agent.token)).policyId).toBeNull();
  });

  it('refuses two won columns (400)', async () => {
    const columns = json<LeadColumn[]>(await call('GET', '/api/leads/columns', manager.token));
    const response = await call('PUT', '/api/leads/columns', manager.token, { columns: columns.map((column) => ({ ...column, isWon: true })) });
    expect(json(response)).toMatchObject({ statusCode: 400, details: [{ message: 'Solo un estatus puede ser la columna de ganados' }] });
  });
});

describe('notes with authors', () => {
  it('shows who wrote each note and when; the author edits, another agent may not (403), a manager may', async () => {
    const lead = await createLead({ notes: 'Primera nota' });
    expect(lead.noteList).toEqual([
      expect.objectContaining({ body: 'Primera nota', author: agent.id, authorName: 'Ana Pérez', canEdit: true }),
    ]);
    const noteId = lead.noteList[0]!.id;
    const seenByOther = json<Lead>(await call('GET', `/api/leads/${lead.id}`, otherAgent.token));
    expect(seenByOther.noteList[0]!.canEdit).toBe(false);
    expect(json<Lead>(await call('GET', `/api/leads/${lead.id}`, manager.token)).noteList[0]!.canEdit).toBe(true);

    const edited = json<Lead>(await call('PUT', `/api/leads/${lead.id}/notes/${noteId}`, agent.token, { note: ' Corregida ' }));
    expect(edited.noteList[0]).toMatchObject({ body: 'Corregida', author: agent.id });
    expect(edited.notes).toBe('["Corregida"]');

    const refused = await call('PUT', `/api/leads/${lead.id}/notes/${noteId}`, otherAgent.token, { note: 'Mía' });
    expect(json(refused)).toMatchObject({ statusCode: 403, message: 'Solo el autor de la nota o un gerente puede modificarla' });
    expect((await call('DELETE', `/api/leads/${lead.id}/notes/${noteId}`, otherAgent.token)).statusCode).toBe(403);

    const byManager = json<Lead>(await call('PUT', `/api/leads/${lead.id}/notes/${noteId}`, manager.token, { note: 'Revisada' }));
    expect(byManager.noteList[0]).toMatchObject({ body: 'Revisada', author: agent.id });
    expect((await call('PUT', `/api/leads/${lead.id}/notes/${noteId}`, agent.token, { note: '  ' })).statusCode).toBe(400);

    const deleted = json<Lead>(await call('DELETE', `/api/leads/${lead.id}/notes/${noteId}`, agent.token));
    expect(deleted).toMatchObject({ notes: '', noteList: [] });
    expect((await call('DELETE', `/api/leads/${lead.id}/notes/${noteId}`, manager.token)).statusCode).toBe(404);
  });

  it("hides another branch's notes (404) and needs a token (401)", async () => {
    const lead = await createLead({ notes: 'Nota' });
    const noteId = lead.noteList[0]!.id;
    expect((await call('PUT', `/api/leads/${lead.id}/notes/${noteId}`, santaFeManager.token, { note: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/leads/${lead.id}/notes/${noteId}`, santaFeManager.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/leads/${lead.id}/notes/${noteId}`, undefined, { note: 'X' })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/leads/${lead.id}/notes/${noteId}`)).statusCode).toBe(401);
    // A note of another lead is not found through this one.
    const other = await createLead({ notes: 'Otra' });
    expect((await call('DELETE', `/api/leads/${lead.id}/notes/${other.noteList[0]!.id}`, agent.token)).statusCode).toBe(404);
  });
});

describe("admins choose the branch's board", () => {
  it('lets an admin read and work another branch with ?branchId=; others keep their own', async () => {
    const santaFeLead = await createLead({ name: 'De Santa Fe' }, santaFeAgent.token);
    expect(await listIds('/api/leads?branchId=2', admin)).toContain(santaFeLead.id);
    expect(json<Lead>(await call('POST', `/api/leads/${santaFeLead.id}/status/accion?branchId=2`, admin)).status).toBe('accion');
    expect((await call('POST', `/api/leads/${santaFeLead.id}/notes?branchId=2`, admin, { note: 'Del admin' })).statusCode).toBe(200);
    expect((await call('GET', '/api/leads/columns?branchId=2', admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/leads/owners?branchId=2', admin)).statusCode).toBe(200);
    const created = await createLead({ name: 'Creado por admin' }, admin, '?branchId=2');
    expect(await listIds('/api/leads', santaFeAgent.token)).toContain(created.id);
    expect(created.ownerId).toBeNull();
    // Without the parameter an admin works on their own branch: the lead is not found there.
    expect((await call('POST', `/api/leads/${santaFeLead.id}/status/accion`, admin)).statusCode).toBe(404);
    // A non-admin's branchId is ignored: their own board, and another branch's lead stays a 404.
    expect(await listIds('/api/leads?branchId=2', agent.token)).not.toContain(santaFeLead.id);
    expect((await call('GET', `/api/leads/${santaFeLead.id}?branchId=2`, agent.token)).statusCode).toBe(404);
    // An unknown branch is a 404, a malformed one a 400.
    expect((await call('GET', '/api/leads?branchId=9999', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/leads?branchId=abc', admin)).statusCode).toBe(400);
  });

  it('answers 401 to the new endpoints without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/leads/1'],
      ['GET', '/api/leads/owners'],
      ['GET', '/api/leads/of-policy/1'],
      ['POST', '/api/leads/1/convert'],
    ] as const) {
      expect((await call(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
