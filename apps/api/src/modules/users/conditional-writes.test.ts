import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@portal/domain';
import { bearer, createTestContext, insertUser, json, signInAs, type TestContext } from '../../test/app';
import { itRefusesStaleSaves, nameUser, saveHeaders } from '../../test/conditional-writes';

let ctx: TestContext;
let maria: { id: number; token: string };
let pedro: { id: number; token: string };
let agent: { id: number; token: string };
let edited: number;

beforeAll(async () => {
  ctx = await createTestContext();
  maria = await signInAs(ctx, 'admin', 1);
  pedro = await signInAs(ctx, 'admin', 1);
  agent = await signInAs(ctx, 'agent', 1);
  await nameUser(ctx, maria.id, 'María', 'López');
  edited = (await insertUser(ctx, { role: 'agent', branchId: 1 })).id;
});
afterAll(() => ctx.close());

const read = (token: string) => ctx.app.inject({ url: `/api/users/${edited}`, headers: bearer(token) });

describe('conditional writes of a user', () => {
  itRefusesStaleSaves<User>(() => ({
    first: { token: maria.token, name: 'María López' },
    second: pedro.token,
    // Only admins manage users.
    outsider: { token: agent.token, status: 403 },
    record: {
      read,
      save: (token, record, text, ifMatch) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/users/${record.id}`,
          headers: saveHeaders(token, ifMatch),
          payload: { email: record.email, firstName: text, lastName: record.lastName, role: record.role, branchId: record.branchId, phone: record.phone, mobile: record.mobile, status: record.status },
        }),
      text: (record) => record.firstName,
    },
  }));

  it('the user signing in (a new MFA step, a changed password) does not make an admin’s open form stale', async () => {
    const before = json<User>(await read(maria.token)).version;
    await ctx.testDb.database.db.execute(`update users set mfa_last_step = 12345, must_change_password = true where id = ${edited}`);
    expect(json<User>(await read(maria.token)).version).toBe(before);
  });
});
