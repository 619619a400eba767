import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broker } from '@portal/domain';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { createBroker } from './brokers.test-helpers';

// The directory of asesores and inmobiliarias (issue 34).

let ctx: TestContext;
let admin: string;
let manager: string;
let agent: string;
let approver: string;
let otherManager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, agent, approver, otherManager] = await Promise.all([
    tokenFor(ctx, 'admin', 1),
    tokenFor(ctx, 'manager', 1),
    tokenFor(ctx, 'agent', 1),
    tokenFor(ctx, 'approver', 1),
    tokenFor(ctx, 'manager', 2),
  ]);
});
afterAll(() => ctx.close());

const post = (payload: object, token?: string) => ctx.app.inject({ method: 'POST', url: '/api/brokers', headers: token ? bearer(token) : {}, payload });
const put = (id: number, payload: object, token: string, ifMatch?: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/brokers/${id}`, headers: { ...bearer(token), ...(ifMatch ? { 'if-match': ifMatch } : {}) }, payload });
const list = (query: string, token: string) => ctx.app.inject({ url: `/api/brokers${query}`, headers: bearer(token) });

const laura = {
  kind: 'asesor',
  name: 'Laura Gómez Ruiz',
  rfc: 'cosc8001137na',
  contactName: 'Laura',
  email: 'Laura@Example.MX',
  phone: '55 9000 4000',
  bank: 'BBVA',
  clabe: '032180000118359719',
  accountHolder: 'Laura Gómez Ruiz',
  commissionPercent: '25',
  commissionIvaPercent: '16',
  isrWithholdingPercent: '10',
  ivaWithholdingPercent: '10.67',
};

describe('POST /api/brokers', () => {
  it('adds a broker to the manager’s branch, normalised, with the branch’s percent when none is given', async () => {
    const response = await post({ ...laura, branchId: 2 }, manager);
    expect(response.statusCode, response.body).toBe(201);
    const broker = json<Broker>(response);
    expect(broker).toMatchObject({
      branchId: 1,
      kind: 'asesor',
      rfc: 'COSC8001137NA',
      email: 'laura@example.mx',
      phone: '+525590004000',
      commissionPercent: '25.00',
      effectiveCommissionPercent: '25.00',
      ivaWithholdingPercent: '10.67',
      status: 'active',
      version: 1,
    });
    expect(response.headers.etag).toBe('"v1"');
    const plain = await createBroker(ctx, manager, { name: 'Inmobiliaria Reforma' });
    expect(plain).toMatchObject({ commissionPercent: null, effectiveCommissionPercent: '20.00', commissionIvaPercent: '0.00', rfc: '', clabe: '' });
  });

  it('lets an admin choose the branch', async () => {
    const broker = await createBroker(ctx, admin, { name: 'Inmobiliaria del Norte', branchId: 2 });
    expect(broker.branchId).toBe(2);
  });

  it('answers 400 naming the field: RFC check digit, CLABE, percent over 100, kind', async () => {
    const cases: Array<[object, string]> = [
      [{ rfc: 'COSC8001137NB' }, 'rfc'],
      [{ clabe: '032180000118359718' }, 'clabe'],
      [{ commissionPercent: '100.5' }, 'commissionPercent'],
      [{ isrWithholdingPercent: '-1' }, 'isrWithholdingPercent'],
      [{ kind: 'notario' }, 'kind'],
      [{ name: '' }, 'name'],
      [{ phone: '123' }, 'phone'],
    ];
    for (const [change, field] of cases) {
      const response = await post({ ...laura, name: `Otra ${field}`, ...change }, manager);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const body = json<{ message: string; details: Array<{ field: string }> }>(response);
      expect(body.details.map((detail) => detail.field)).toContain(field);
    }
    const badRfc = json<{ message: string }>(await post({ ...laura, name: 'RFC malo', rfc: 'COSC8001137NB' }, manager));
    expect(badRfc.message).toContain('RFC');
  });

  it('refuses a second broker of the same kind and name in the branch (409)', async () => {
    await createBroker(ctx, manager, { name: 'Century 21 Polanco' });
    const response = await post({ kind: 'inmobiliaria', name: 'century 21 polanco' }, manager);
    expect(response.statusCode).toBe(409);
  });

  it('answers 401 without a session and 403 to agents and approvers', async () => {
    expect((await post(laura)).statusCode).toBe(401);
    expect((await post({ ...laura, name: 'Por agente' }, agent)).statusCode).toBe(403);
    expect((await post({ ...laura, name: 'Por aprobador' }, approver)).statusCode).toBe(403);
  });
});

describe('GET /api/brokers', () => {
  it('lists the branch’s brokers to its staff, with search, kind and status filters', async () => {
    const reforma = await createBroker(ctx, manager, { name: 'Inmobiliaria Peñón', contactName: 'José' });
    const items = json<Broker[]>(await list('?q=penon', agent));
    expect(items.map((item) => item.id)).toEqual([reforma.id]);
    const asesores = json<Broker[]>(await list('?kind=asesor', agent));
    expect(asesores.length).toBeGreaterThan(0);
    expect(asesores.every((item) => item.kind === 'asesor' && item.branchId === 1)).toBe(true);
    expect(json<Broker[]>(await list('?status=inactive', agent)).every((item) => item.status === 'inactive')).toBe(true);
  });

  it('shows another branch’s brokers only to admins, and refuses a non-admin asking for another branch', async () => {
    const norte = json<Broker[]>(await list('?q=Norte', otherManager));
    expect(norte.map((item) => item.name)).toEqual(['Inmobiliaria del Norte']);
    expect(json<Broker[]>(await list('?q=Norte', manager))).toEqual([]);
    expect((await list('?branchId=2', manager)).statusCode).toBe(403);
    expect(json<Broker[]>(await list('?branchId=2&q=Norte', admin))).toHaveLength(1);
  });

  it('answers 401 without a session, 403 to approvers and 400 on a bad kind', async () => {
    expect((await ctx.app.inject({ url: '/api/brokers' })).statusCode).toBe(401);
    expect((await list('', approver)).statusCode).toBe(403);
    expect((await list('?kind=x', agent)).statusCode).toBe(400);
  });
});

describe('GET and PUT /api/brokers/{id}', () => {
  it('saves the whole record at the version the form loaded (412 at an older one) and deactivates', async () => {
    const broker = await createBroker(ctx, manager, { name: 'Asesores Unidos' });
    const fetched = await ctx.app.inject({ url: `/api/brokers/${broker.id}`, headers: bearer(agent) });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers.etag).toBe('"v1"');
    const saved = await put(broker.id, { kind: 'inmobiliaria', name: 'Asesores Unidos SA', commissionPercent: '30' }, manager, '"v1"');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<Broker>(saved)).toMatchObject({ name: 'Asesores Unidos SA', commissionPercent: '30.00', version: 2 });
    const stale = await put(broker.id, { kind: 'inmobiliaria', name: 'Otra vez' }, manager, '"v1"');
    expect(stale.statusCode).toBe(412);
    const deactivated = await put(broker.id, { kind: 'inmobiliaria', name: 'Asesores Unidos SA', status: 'inactive' }, manager, '"v2"');
    expect(json<Broker>(deactivated)).toMatchObject({ status: 'inactive', version: 3 });
    const active = json<Broker[]>(await list('?status=active&q=Unidos', agent));
    expect(active).toEqual([]);
  });

  it('answers 404 for another branch’s broker, 403 to agents saving, 400 naming a bad field', async () => {
    const norte = json<Broker[]>(await list('?q=Norte', otherManager))[0]!;
    expect((await ctx.app.inject({ url: `/api/brokers/${norte.id}`, headers: bearer(manager) })).statusCode).toBe(404);
    expect((await put(norte.id, { kind: 'inmobiliaria', name: 'Mío' }, manager)).statusCode).toBe(404);
    const own = await createBroker(ctx, manager, { name: 'Para editar' });
    expect((await put(own.id, { kind: 'inmobiliaria', name: 'Para editar' }, agent)).statusCode).toBe(403);
    const bad = await put(own.id, { kind: 'inmobiliaria', name: 'Para editar', clabe: '123' }, manager);
    expect(bad.statusCode).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(bad).details[0]!.field).toBe('clabe');
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/brokers/${own.id}`, payload: { kind: 'asesor', name: 'x' } })).statusCode).toBe(401);
  });
});
