import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { rentOverrides } from '../../test/policies';
import { createBroker, entriesOf, policyWithBroker, recordFeePayment } from './brokers.test-helpers';

// The policy form picks its asesor or inmobiliaria from the directory (issue 34).

let ctx: TestContext;
let manager: string;
let agent: string;
let otherManager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [manager, agent, otherManager] = await Promise.all([tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 2)]);
});
afterAll(() => ctx.close());

const withBroker = (brokerId: number | null, name = '', agentName = 'Pedro Ruiz') =>
  examplePolicyInput(rentOverrides({ realEstate: true, realEstateInfo: { name, agent: agentName, brokerId } }));
const create = (body: object, token = agent) => ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(token), payload: body });
const update = (id: number, body: object, token = agent) => ctx.app.inject({ method: 'POST', url: `/api/policy/update/${id}`, headers: bearer(token), payload: body });
const read = async (id: number) => json<Policy>(await ctx.app.inject({ url: `/api/policy/unique/${id}`, headers: bearer(agent) }));
const fieldOf = (response: { body: string }) => (JSON.parse(response.body) as { details: Array<{ field: string }> }).details.map((detail) => detail.field);

describe('the policy’s broker', () => {
  it('names a broker of the branch: the answer and the reads carry its id and name, the text follows it', async () => {
    const broker = await createBroker(ctx, manager, { name: 'Inmobiliaria Reforma' });
    const response = await create(withBroker(broker.id));
    expect(response.statusCode, response.body).toBe(201);
    const created = json<Policy>(response);
    const expected = { brokerId: broker.id, brokerName: 'Inmobiliaria Reforma', name: 'Inmobiliaria Reforma', agent: 'Pedro Ruiz' };
    expect(created.property.rent.realEstateInfo).toEqual(expected);
    expect((await read(created.id)).property.rent.realEstateInfo).toEqual(expected);
  });

  it('keeps clients that send only the text working (no broker)', async () => {
    const created = json<Policy>(await create(withBroker(null, 'Century 21 Centro')));
    expect(created.property.rent.realEstateInfo).toEqual({ name: 'Century 21 Centro', agent: 'Pedro Ruiz', brokerId: null, brokerName: null });
    const body = examplePolicyInput(rentOverrides({ realEstate: true, realEstateInfo: { name: 'Sin id', agent: '' } }));
    expect((await create(body)).statusCode).toBe(201);
    // Neither a broker nor a name: the name is required, as before.
    const missing = await create(withBroker(null, ''));
    expect(missing.statusCode).toBe(400);
    expect(fieldOf(missing)).toContain('property.rent.realEstateInfo.name');
  });

  it('refuses another branch’s broker or an inactive one (400 naming the field), but keeps one deactivated since', async () => {
    const elsewhere = await createBroker(ctx, otherManager, { name: 'Inmobiliaria de otra sucursal' });
    const foreign = await create(withBroker(elsewhere.id));
    expect(foreign.statusCode).toBe(400);
    expect(fieldOf(foreign)).toEqual(['property.rent.realEstateInfo.brokerId']);

    const broker = await createBroker(ctx, manager, { name: 'Se dará de baja' });
    const policy = json<Policy>(await create(withBroker(broker.id)));
    const deactivated = await ctx.app.inject({ method: 'PUT', url: `/api/brokers/${broker.id}`, headers: bearer(manager), payload: { kind: 'inmobiliaria', name: 'Se dará de baja', status: 'inactive' } });
    expect(deactivated.statusCode).toBe(200);
    expect((await create(withBroker(broker.id))).statusCode).toBe(400);
    const resaved = await update(policy.id, policy);
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(json<Policy>(resaved).property.rent.realEstateInfo.brokerId).toBe(broker.id);

    const other = json<Policy>(await create(withBroker(null, 'Texto')));
    const switched = await update(other.id, { ...other, property: { ...other.property, rent: { ...other.property.rent, realEstateInfo: { name: '', agent: '', brokerId: broker.id } } } });
    expect(switched.statusCode).toBe(400);
    expect((await update(other.id, { ...other, property: { ...other.property, rent: { ...other.property.rent, realEstateInfo: { name: '', agent: '', brokerId: 'x' } } } })).statusCode).toBe(400);
  });

  it('moves what is not paid yet to the new broker when the policy changes broker', async () => {
    const first = await createBroker(ctx, manager, { name: 'Primera inmobiliaria' });
    const second = await createBroker(ctx, manager, { name: 'Segunda inmobiliaria', commissionPercent: '10' });
    const policy = await policyWithBroker(ctx, agent, first.id);
    await recordFeePayment(ctx, policy.id, '7511.00', '2027-01-05');
    expect((await entriesOf(ctx, policy.id)).map((entry) => [entry.brokerId, entry.amount])).toEqual([[first.id, '1295.00']]);
    const stored = await read(policy.id);
    const moved = await update(policy.id, { ...stored, property: { ...stored.property, rent: { ...stored.property.rent, realEstateInfo: { name: '', agent: '', brokerId: second.id } } } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await entriesOf(ctx, policy.id)).map((entry) => [entry.brokerId, entry.amount])).toEqual([[second.id, '647.50']]);
  });
});
