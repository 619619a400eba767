import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Policy, PolicyFormValues } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, signInAs, login, type TestContext } from '../../test/app';

/**
 * What the policies API tests share (policy-create, policy-reads, policy-updates, policy-search):
 * the test app and its users, set by setUpPolicyTests() in each file (ES module live bindings),
 * and small request and fixture helpers.
 */

export let ctx: TestContext;
export let adminToken: string;
/** An agent of Sucursal Polanco (1) and one of Sucursal Santa Fe (2). */
export let polancoAgent: { id: number; token: string };
export let santaFeAgent: { id: number; token: string };

/** Opens the test app and signs in an admin and an agent of each of two branches before the file's tests; closes it after. */
export function setUpPolicyTests(): void {
  beforeAll(async () => {
    ctx = await createTestContext();
    adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
    polancoAgent = await signInAs(ctx, 'agent', 1);
    santaFeAgent = await signInAs(ctx, 'agent', 2);
  });
  afterAll(() => ctx.close());
}

export const get = (url: string, token: string) => ctx.app.inject({ url, headers: bearer(token) });
export const post = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

async function count(table: string): Promise<number> {
  const result = await ctx.testDb.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

export async function counts() {
  const tables = ['policies', 'tenants', 'tenant_references', 'guarantors', 'guarantor_vehicles', 'properties', 'property_owners', 'rents', 'policy_events'];
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)])));
}

/** A form body built from a stored policy, as the edit screen sends it back. */
export function asBody(policy: Policy, overrides: Partial<PolicyFormValues> = {}): PolicyFormValues {
  const { id: _id, investigationId: _folio, createdAt: _c, updatedAt: _u, userId: _user, guarantorNames: _g, ownerName: _o, propertyAddress: _p, ...body } = policy;
  return { ...(body as unknown as PolicyFormValues), ...overrides };
}

export const plusPolicy = (tenants: string[], guarantors: string[]) =>
  examplePolicyInput({ policyType: 'plus', tenants: tenants.map(exampleTenant), guarantors: guarantors.map(exampleGuarantor) });
