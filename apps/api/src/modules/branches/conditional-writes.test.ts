import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Branch } from '@portal/domain';
import { bearer, createTestContext, json, signInAs, validBranchBody, type TestContext } from '../../test/app';
import { itRefusesStaleSaves, nameUser, saveHeaders } from '../../test/conditional-writes';

let ctx: TestContext;
let maria: { id: number; token: string };
let pedro: { id: number; token: string };
let manager: { id: number; token: string };
let branch: Branch;

beforeAll(async () => {
  ctx = await createTestContext();
  maria = await signInAs(ctx, 'admin', 1);
  pedro = await signInAs(ctx, 'admin', 1);
  manager = await signInAs(ctx, 'manager', 1);
  await nameUser(ctx, maria.id, 'María', 'López');
  const created = await ctx.app.inject({ method: 'POST', url: '/api/branches', headers: bearer(maria.token), payload: validBranchBody() });
  expect(created.statusCode, created.body).toBe(201);
  branch = json<Branch>(created);
});
afterAll(() => ctx.close());

describe('conditional writes of a branch (its form holds its settings: notice days, paper, pagarés, retention)', () => {
  itRefusesStaleSaves<Branch>(() => ({
    first: { token: maria.token, name: 'María López' },
    second: pedro.token,
    // Only admins manage branches.
    outsider: { token: manager.token, status: 403 },
    record: {
      read: (token) => ctx.app.inject({ url: `/api/branches/${branch.id}`, headers: bearer(token) }),
      save: (token, record, text, ifMatch) => {
        const { street, exteriorNumber, interiorNumber, colony, municipality, state, zipCode } = record.address;
        return ctx.app.inject({
          method: 'POST',
          url: `/api/branches/${record.id}`,
          headers: saveHeaders(token, ifMatch),
          payload: {
            name: `${text} ${record.id}`,
            address: { street, exteriorNumber, interiorNumber, colony, municipality, state, zipCode },
            phone: record.phone,
            email: record.email,
            manager: null,
            status: record.status,
          },
        });
      },
      text: (record) => record.name.replace(/ \d+$/, ''),
    },
  }));
});
