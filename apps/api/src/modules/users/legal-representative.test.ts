import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxIdMessages, userMessages, type User } from '@portal/domain';
import { ADMIN, bearer, createTestContext, insertBranch, json, login, type TestContext } from '../../test/app';

// Issue 35: the branch's legal representative (signs the lease and the póliza for the office),
// one per branch, with the RFC and CURP their e.firma names.

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(() => ctx.close());

const RFC = 'GODE561231GR8';
const CURP = 'GODE561231MDFMZM01';

function userBody(overrides: Record<string, unknown> = {}) {
  return {
    email: `rep.${Math.random().toString(36).slice(2)}@test.mx`,
    firstName: 'Emma',
    lastName: 'Gómez Díaz',
    role: 'manager',
    branchId: 2,
    phone: '55 1234 5678',
    mobile: '55 8765 4321',
    password: 'Segura-123',
    ...overrides,
  };
}

const create = (body: object) => ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(admin), payload: body });
const update = (id: number, body: object) => ctx.app.inject({ method: 'POST', url: `/api/users/${id}`, headers: bearer(admin), payload: body });
/** The whole record as the form sends it back, with `changes`. */
const formOf = ({ id: _id, branchName: _b, createdAt: _c, updatedAt: _u, mfaEnabled: _m, version: _v, ...user }: User, changes: object = {}) => ({ ...user, ...changes });

async function created(overrides: Record<string, unknown>): Promise<User> {
  const response = await create(userBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return json<User>(response);
}

describe('legal representative, RFC and CURP on a user', () => {
  it('creates one with the RFC upper-cased and checked, and the CURP; a user is none by default', async () => {
    const branchId = await insertBranch(ctx);
    const user = await created({ branchId, legalRepresentative: true, rfc: RFC.toLowerCase(), curp: CURP });
    expect(user).toMatchObject({ legalRepresentative: true, rfc: RFC, curp: CURP });
    const plain = await created({ branchId });
    expect(plain).toMatchObject({ legalRepresentative: false, rfc: '', curp: '' });
  });

  it('refuses (400, naming the field) an RFC whose check digit is wrong and a CURP whose check digit is wrong', async () => {
    const badRfc = await create(userBody({ rfc: 'GODE561231GR9' }));
    expect(badRfc.statusCode).toBe(400);
    expect(json(badRfc).details).toEqual([{ field: 'rfc', message: taxIdMessages.rfc('RFC') }]);
    const badCurp = await create(userBody({ curp: 'GODE561231MDFMZM02' }));
    expect(badCurp.statusCode).toBe(400);
    expect(json(badCurp).details[0]).toMatchObject({ field: 'curp', message: taxIdMessages.curp('CURP') });
  });

  it('keeps one per branch: a second is a 409 naming the current one, until the admin unmarks them', async () => {
    const branchId = await insertBranch(ctx);
    const first = await created({ branchId, legalRepresentative: true });
    const second = await create(userBody({ branchId, legalRepresentative: true }));
    expect(second.statusCode).toBe(409);
    const message = userMessages.legalRepresentativeTaken('Emma Gómez Díaz');
    expect(json(second)).toMatchObject({ message, details: [{ field: 'legalRepresentative', message }] });
    // Another branch may have its own.
    expect((await create(userBody({ branchId: await insertBranch(ctx), legalRepresentative: true }))).statusCode).toBe(201);

    const other = await created({ branchId, firstName: 'Luis' });
    expect((await update(other.id, formOf(other, { legalRepresentative: true }))).statusCode).toBe(409);
    expect((await update(first.id, formOf(first, { legalRepresentative: false }))).statusCode).toBe(200);
    const marked = await update(other.id, formOf(other, { legalRepresentative: true }));
    expect(marked.statusCode, marked.body).toBe(200);
    expect(json<User>(marked).legalRepresentative).toBe(true);
  });

  it('counts only active users: a deactivated representative frees the branch, and cannot come back while another is marked', async () => {
    const branchId = await insertBranch(ctx);
    const first = await created({ branchId, legalRepresentative: true });
    expect((await update(first.id, { status: 'inactive' })).statusCode).toBe(200);
    await created({ branchId, legalRepresentative: true });
    const back = await update(first.id, { status: 'active' });
    expect(back.statusCode).toBe(409);
    expect(json(back).message).toBe(userMessages.legalRepresentativeTaken('Emma Gómez Díaz'));
  });

  it('refuses moving a representative to a branch that has one', async () => {
    const [here, there] = [await insertBranch(ctx), await insertBranch(ctx)];
    await created({ branchId: there, legalRepresentative: true });
    const moving = await created({ branchId: here, legalRepresentative: true });
    expect((await update(moving.id, formOf(moving, { branchId: there }))).statusCode).toBe(409);
  });

  it('keeps them when a whole-record update leaves them out (a client that does not know them)', async () => {
    const user = await created({ branchId: await insertBranch(ctx), legalRepresentative: true, rfc: RFC, curp: CURP });
    const { legalRepresentative: _l, rfc: _r, curp: _c, ...withoutThem } = formOf(user, { firstName: 'Emilia' });
    const response = await update(user.id, withoutThem);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<User>(response)).toMatchObject({ firstName: 'Emilia', legalRepresentative: true, rfc: RFC, curp: CURP });
  });
});
