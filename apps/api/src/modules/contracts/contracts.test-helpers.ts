import { afterAll, beforeAll, expect } from 'vitest';
import { policyContractsSchema, type ContractDocument, type Policy, type PolicyContracts } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { pdfPages } from '../../test/pdf-text';

/**
 * What the contract pack tests share (contract-pack, contract-templates): the test app and its
 * users, set by setUpContractTests() in each file (ES module live bindings), and helpers that
 * bring a policy to 'contracts' and read its pack.
 */

export let ctx: TestContext;
export let admin: string;
export let agent: string;
export let manager: string;
export let otherBranchAgent: string;

/** Opens the test app and signs in an admin, an agent and a manager of one branch and an agent of another before the file's tests; closes it after. */
export function setUpContractTests(): void {
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
    [agent, manager, otherBranchAgent] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'agent', 2)]);
  });
  afterAll(() => ctx.close());
}

export const get = (url: string, token?: string) => ctx.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });
export const send = (method: 'POST' | 'PUT', url: string, token: string | undefined, payload: object = {}) =>
  ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), payload });

type PolicyOverrides = Parameters<typeof examplePolicyInput>[0];

export const plusInput = (overrides: PolicyOverrides = {}): PolicyOverrides => ({
  policyType: 'plus',
  tenants: [exampleTenant('María Fernanda López Ruiz'), exampleTenant('Jorge Iñiguez Ñúñez')],
  guarantors: [exampleGuarantor('Óscar Gutiérrez Peña')],
  ...overrides,
});

export const withRent = (rent: Record<string, string>) => {
  const base = examplePolicyInput().property!;
  return { property: { ...base, rent: { ...base.rent, ...rent } } };
};

/** The row menu's 'Generar Contratos'. */
export const generate = (policy: Pick<Policy, 'id'>, token = agent) => send('POST', `/api/policy/update/${policy.id}`, token, { status: 'contracts' });

export async function contractsOf(policy: Pick<Policy, 'id'>, token = agent): Promise<PolicyContracts> {
  const response = await get(`/api/policy/${policy.id}/contracts`, token);
  expect(response.statusCode, response.body).toBe(200);
  return policyContractsSchema.strict().parse(json(response));
}

export async function download(policy: Pick<Policy, 'id'>, document: ContractDocument, token = agent) {
  const response = await ctx.app.inject({ url: `/api/policy/${policy.id}/contracts/${document.id}/file`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

export async function textOf(policy: Pick<Policy, 'id'>, document: ContractDocument): Promise<string[]> {
  return pdfPages((await download(policy, document)).rawPayload);
}

export const current = (pack: PolicyContracts, kind: ContractDocument['kind']) => pack.documents.find((d) => d.kind === kind && !d.superseded)!;
