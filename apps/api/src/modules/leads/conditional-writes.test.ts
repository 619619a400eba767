import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Lead } from '@portal/domain';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { itRefusesStaleSaves, nameUser, saveHeaders } from '../../test/conditional-writes';

let ctx: TestContext;
let maria: { id: number; token: string };
let pedro: { id: number; token: string };
let santaFe: { id: number; token: string };
let lead: Lead;

beforeAll(async () => {
  ctx = await createTestContext();
  maria = await signInAs(ctx, 'agent', 1);
  pedro = await signInAs(ctx, 'agent', 1);
  santaFe = await signInAs(ctx, 'agent', 2);
  await nameUser(ctx, maria.id, 'María', 'López');
});
afterAll(() => ctx.close());

describe('conditional writes of a lead', () => {
  itRefusesStaleSaves<Lead>(() => ({
    first: { token: maria.token, name: 'María López' },
    second: pedro.token,
    outsider: { token: santaFe.token, status: 404 },
    record: {
      read: async (token) => {
        if (!lead) {
          const created = await ctx.app.inject({ method: 'POST', url: '/api/leads', headers: bearer(token), payload: { name: 'Óscar Ruiz', phone: '5512345678', source: 'Instagram' } });
          expect(created.statusCode, created.body).toBe(201);
          lead = json<Lead>(created);
        }
        return ctx.app.inject({ url: `/api/leads/${lead.id}`, headers: bearer(token) });
      },
      save: (token, record, text, ifMatch) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/leads/update/${record.id}`,
          headers: saveHeaders(token, ifMatch),
          payload: { name: text, phone: record.phone, phonewhats: record.phonewhats, source: record.source },
        }),
      text: (record) => record.name,
    },
  }));
});
