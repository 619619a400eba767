import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessYear, type Policy } from '@portal/domain';
import { ADMIN, bearer, createTestContext, insertBranch, json, login, signInAs, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';

// Slow by nature (issue 30): 50 policies entering 'Generar Contratos' at once, each drawing its
// number and rendering its contract pack (issue 16) — 50 PDFs. It was most of lifecycle.test.ts's
// time; the number's format and the rest of the lifecycle stay there, in `npm test`.

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(() => ctx.close());

const post = (url: string, token: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

describe('policy numbers under concurrency', () => {
  it('numbers 50 concurrent Generar Contratos of one branch 00001…00050, each once', async () => {
    const branchId = await insertBranch(ctx, { code: 'CONC' });
    const agent = await signInAs(ctx, 'agent', branchId);
    const policies = await Promise.all(
      Array.from({ length: 50 }, () => newPolicy(ctx, { token: adminToken, overrides: { status: 'investigation_approved', branchId } })),
    );
    const responses = await Promise.all(policies.map((policy) => post(`/api/policy/update/${policy.id}`, agent.token, { status: 'contracts' })));
    expect(responses.find((r) => r.statusCode !== 200)?.body).toBeUndefined();
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const year = businessYear(new Date());
    const numbers = responses.map((response) => json<Policy>(response).policyNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => `CONC-${year}-${String(index + 1).padStart(5, '0')}`));
  }, 180_000);
});
