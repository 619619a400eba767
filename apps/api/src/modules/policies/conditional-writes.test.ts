import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { staleVersionMessage, type Policy, type PolicyFormValues } from '@portal/domain';
import { users } from '../../db/schema/index';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';

/** Issue 28: two tabs on one policy; the second save from the first version is refused (decision 023). */
let ctx: TestContext;
let maria: { id: number; token: string };
let pedro: { id: number; token: string };
let santaFeAgent: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  maria = await signInAs(ctx, 'agent', 1);
  pedro = await signInAs(ctx, 'agent', 1);
  santaFeAgent = await signInAs(ctx, 'agent', 2);
  await ctx.testDb.database.db.update(users).set({ firstName: 'María', lastName: 'López' }).where(eq(users.id, maria.id));
});
afterAll(() => ctx.close());

const save = (id: number, token: string, body: unknown, ifMatch?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/policy/update/${id}`,
    headers: { ...bearer(token), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload: body as object,
  });

async function read(id: number) {
  const response = await ctx.app.inject({ url: `/api/policy/unique/${id}`, headers: bearer(pedro.token) });
  expect(response.statusCode).toBe(200);
  return { etag: response.headers.etag, policy: json<Policy>(response) };
}

/** The form's body: the stored policy with one field changed. */
function edited(policy: Policy, specialnote: string): PolicyFormValues {
  const { id: _i, investigationId: _f, createdAt: _c, updatedAt: _u, userId: _us, guarantorNames: _g, ownerName: _o, propertyAddress: _p, version: _v, ...body } = policy;
  return { ...(body as unknown as PolicyFormValues), specialnote };
}

async function eventCount(id: number): Promise<number> {
  const result = await ctx.testDb.database.db.execute(sql`select count(*)::int as n from policy_events where policy_id = ${id}`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

describe('conditional writes of a policy', () => {
  it('GET carries the version as a strong ETag, and a save answers the new one', async () => {
    const created = await newPolicy(ctx, { token: maria.token });
    const { etag, policy } = await read(created.id);
    expect(etag).toBe(`"v${policy.version}"`);

    const response = await save(policy.id, maria.token, edited(policy, 'Nota de María'), etag);
    expect(response.statusCode).toBe(200);
    const saved = json<Policy>(response);
    expect(saved.version).toBeGreaterThan(policy.version);
    expect(response.headers.etag).toBe(`"v${saved.version}"`);
  });

  it('the second of two saves from the same version is a 412 naming who saved and when, and writes nothing', async () => {
    const { etag, policy } = await read((await newPolicy(ctx, { token: maria.token })).id);
    const first = await save(policy.id, maria.token, edited(policy, 'Nota de María'), etag);
    expect(first.statusCode).toBe(200);
    const events = await eventCount(policy.id);

    const second = await save(policy.id, pedro.token, edited(policy, 'Nota de Pedro'), etag);
    expect(second.statusCode).toBe(412);
    expect(json(second).code).toBe('stale_version');
    const savedAt = new Date(json<Policy>(first).updatedAt);
    expect(json(second).message).toBe(staleVersionMessage('María López', savedAt));
    expect(json(second).message).toMatch(/^María López guardó cambios a las \d\d:\d\d\. Recargue para verlos; lo que usted escribió sigue aquí\.$/);

    const after = await read(policy.id);
    expect(after.policy.specialnote).toBe('Nota de María');
    expect(after.etag).toBe(first.headers.etag);
    expect(await eventCount(policy.id)).toBe(events);
  });

  it('any other write to the row (a job’s UPDATE, without updated_by) makes an open form stale', async () => {
    const { etag, policy } = await read((await newPolicy(ctx, { token: maria.token })).id);
    await ctx.testDb.database.db.execute(sql`update policies set status = 'investigation', updated_by = null where id = ${policy.id}`);
    expect((await read(policy.id)).policy.version).toBe(policy.version + 1);
    const response = await save(policy.id, pedro.token, edited(policy, 'Tarde'), etag);
    expect(response.statusCode).toBe(412);
    expect(json(response).message).toMatch(/^Alguien más guardó cambios/);
  });

  it('without If-Match the spec’s client saves as before, and * saves any current version', async () => {
    const { policy } = await read((await newPolicy(ctx, { token: maria.token })).id);
    expect((await save(policy.id, maria.token, edited(policy, 'Primera'))).statusCode).toBe(200);
    expect((await save(policy.id, pedro.token, edited(policy, 'Segunda'))).statusCode).toBe(200);
    expect((await save(policy.id, pedro.token, edited(policy, 'Tercera'), '*')).statusCode).toBe(200);
    expect((await read(policy.id)).policy.specialnote).toBe('Tercera');
  });

  it('a weak tag never matches (If-Match compares strongly); one of a list that matches is enough', async () => {
    const { etag, policy } = await read((await newPolicy(ctx, { token: maria.token })).id);
    expect((await save(policy.id, maria.token, edited(policy, 'Débil'), `W/${etag}`)).statusCode).toBe(412);
    expect((await save(policy.id, maria.token, edited(policy, 'Lista'), `"v999", ${etag}`)).statusCode).toBe(200);
  });

  it('a malformed If-Match is a 400 naming the header, and nothing is written', async () => {
    const { policy } = await read((await newPolicy(ctx, { token: maria.token })).id);
    const response = await save(policy.id, maria.token, edited(policy, 'Mal'), 'v1');
    expect(response.statusCode).toBe(400);
    expect(json(response).details).toEqual([{ field: 'If-Match', message: expect.stringContaining('If-Match') }]);
    expect((await read(policy.id)).policy.specialnote).toBe(policy.specialnote);
  });

  it('401 without a token, 404 for another branch, 400 for an invalid body, 403 for a jump by an agent — before the version', async () => {
    const { etag, policy } = await read((await newPolicy(ctx, { token: maria.token })).id);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: { 'if-match': etag! }, payload: edited(policy, 'x') })).statusCode).toBe(401);
    expect((await save(policy.id, santaFeAgent.token, edited(policy, 'x'), etag)).statusCode).toBe(404);
    expect((await save(policy.id, maria.token, { ...edited(policy, 'x'), tenants: [] }, etag)).statusCode).toBe(400);
    expect((await save(policy.id, maria.token, { ...edited(policy, 'x'), status: 'active' }, etag)).statusCode).toBe(403);
    expect((await read(policy.id)).etag).toBe(etag);
  });
});
