import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Lead } from '@portal/domain';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { createLeadFromOutside } from './service';

/**
 * The board (GET /api/leads) is JSON built by PostgreSQL in one statement (repository.ts, loadBoardJson, issue
 * 30). It must stay, byte for byte, what the route's serializer wrote: the same lead read alone
 * (GET /api/leads/{id}, still the objects and zod's serializer), in the board's order — for every
 * caller (a note's `canEdit` is the caller's), with texts that need escaping, notes from outside
 * (a label for author), a note whose author is gone, a lead without owner, a stored gateway key
 * (masked), a follow-up date and filters.
 */

let ctx: TestContext;
let agent: { id: number; token: string };
let otherAgent: { id: number; token: string };
let manager: { id: number; token: string };
let santaFeAgent: { id: number; token: string };

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = async (url: string, token: string, payload: object) => {
  const response = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return json<Lead>(response);
};

/** What the serializer wrote for the board: each lead's own answer, joined in the board's order. */
async function serializerBoard(boardText: string, token: string): Promise<string> {
  const ids = (JSON.parse(boardText) as Lead[]).map((lead) => lead.id);
  const bodies = await Promise.all(ids.map(async (id) => (await get(`/api/leads/${id}`, token)).body));
  return `[${bodies.join(',')}]`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [agent, otherAgent, manager, santaFeAgent] = await Promise.all([
    signInAs(ctx, 'agent', 1),
    signInAs(ctx, 'agent', 1),
    signInAs(ctx, 'manager', 1),
    signInAs(ctx, 'agent', 2),
  ]);
  const plain = await post('/api/leads', agent.token, { name: 'Óscar Ruiz', phone: '5512345678', source: 'Instagram' });
  const quoted = await post('/api/leads', agent.token, {
    name: 'Ana "La Güera" O\'Hara \\ Núñez <&>',
    phone: '5512345679',
    email: 'ana@example.com',
    source: 'Facebook',
    server: 'https://gateway.example.com',
    apikey: 'clave-secreta',
    gatewayKind: 'evolution',
    gatewayInstance: 'sucursal-1',
    notes: 'Primera nota:\n\t"comillas" \\ y 😀',
    followUpDate: '2026-12-03',
  });
  await post(`/api/leads/${quoted.id}/notes`, otherAgent.token, { note: 'Nota de otro agente \u0001 con control' });
  await post(`/api/leads/${quoted.id}/notes`, manager.token, { note: 'Nota del gerente' });
  await post('/api/leads', manager.token, { name: 'Sin responsable', phone: '5512345680', ownerId: null });
  const outside = await createLeadFromOutside(ctx.testDb.database.db, {
    branchId: 1,
    name: 'Desde la web',
    phone: '+525512345681',
    phonewhats: '+525512345681',
    email: '',
    source: 'Página web',
    firstNote: 'Quiero información',
    via: 'Formulario web',
  });
  expect(outside).toBeGreaterThan(0);
  // A note whose author left (the foreign key sets it to null).
  await post(`/api/leads/${plain.id}/notes`, agent.token, { note: 'Autor que se fue' });
  await ctx.testDb.database.db.execute(sql`UPDATE lead_notes SET author_id = NULL WHERE body = 'Autor que se fue'`);
});
afterAll(() => ctx.close());

describe('GET /api/leads, built by PostgreSQL', () => {
  it('is byte for byte the serializer’s text, for an agent, another agent and a manager', async () => {
    for (const caller of [agent, otherAgent, manager]) {
      const response = await get('/api/leads', caller.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const board = JSON.parse(response.body) as Lead[];
      expect(board.length).toBeGreaterThanOrEqual(4);
      expect(response.body).toBe(await serializerBoard(response.body, caller.token));
    }
  });

  it('masks a stored key, and gives canEdit to the author and managers only', async () => {
    const board = (caller: { token: string }) => get('/api/leads', caller.token).then((r) => JSON.parse(r.body) as Lead[]);
    const quoted = (await board(agent)).find((lead) => lead.source === 'Facebook')!;
    expect(quoted.apikey).not.toBe('clave-secreta');
    expect(quoted.apikey).not.toBe('');
    expect(quoted.noteList.map((note) => note.canEdit)).toEqual([true, false, false]);
    expect(JSON.parse(quoted.notes)).toHaveLength(3);
    const asManager = (await board(manager)).find((lead) => lead.id === quoted.id)!;
    expect(asManager.noteList.map((note) => note.canEdit)).toEqual([true, true, true]);
    const unowned = (await board(agent)).find((lead) => lead.name === 'Sin responsable')!;
    expect(unowned).toMatchObject({ ownerId: null, ownerName: '', notes: '', noteList: [] });
  });

  it('keeps the filters: owner=me, owner=id, source; another branch’s board is its own', async () => {
    for (const query of ['owner=me', `owner=${manager.id}`, 'source=Facebook', 'source=WhatsApp']) {
      const response = await get(`/api/leads?${query}`, agent.token);
      expect(response.statusCode, query).toBe(200);
      expect(response.body, query).toBe(await serializerBoard(response.body, agent.token));
    }
    const mine = JSON.parse((await get('/api/leads?owner=me', agent.token)).body) as Lead[];
    expect(mine.every((lead) => lead.ownerId === agent.id)).toBe(true);
    expect(JSON.parse((await get('/api/leads?source=Facebook', agent.token)).body)).toHaveLength(1);
    expect((await get('/api/leads', santaFeAgent.token)).body).toBe('[]');
  });

  it('answers 400 for a filter that is not valid and 401 without a token', async () => {
    expect((await get('/api/leads?source=Carta', agent.token)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/leads' })).statusCode).toBe(401);
  });
});
