import { expect } from 'vitest';
import { policyFeeSchema, type Policy, type PolicyFee, type PolicyFormValues } from '@portal/domain';
import { bearer, json, type TestContext } from '../../test/app';
import { newPolicy, rentOverrides } from '../../test/policies';

/** What the fee tests share: reading a fee, saving a tariff, a policy at a given rent. */
export function feeHelpers(context: () => TestContext) {
  const app = () => context().app;

  async function feeOf(policyId: number, token: string): Promise<PolicyFee> {
    const response = await app().inject({ url: `/api/policy/${policyId}/fee`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe(`"v${json<PolicyFee>(response).version}"`);
    return policyFeeSchema.strict().parse(json(response));
  }

  const saveTariff = (token: string, payload: object, headers: Record<string, string> = {}) =>
    app().inject({ method: 'PUT', url: '/api/admin/tariffs', headers: { ...bearer(token), ...headers }, payload });

  const policyAt = (token: string, price: string, overrides: Partial<PolicyFormValues> = {}): Promise<Policy> =>
    newPolicy(context(), { token, overrides: { ...rentOverrides({ price }), ...overrides } });

  const updatePolicy = (token: string, policy: Policy, changes: Partial<PolicyFormValues>) =>
    app().inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: bearer(token), payload: { ...policy, ...changes } });

  const pay = (policyId: number, token: string, payload: object, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url: `/api/policy/${policyId}/fee-payments`, headers: { ...bearer(token), ...headers }, payload });

  const editFee = (policyId: number, token: string, payload: object, headers: Record<string, string> = {}) =>
    app().inject({ method: 'PUT', url: `/api/policy/${policyId}/fee`, headers: { ...bearer(token), ...headers }, payload });

  const reverse = (paymentId: number, token: string, payload: object, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url: `/api/fee-payments/${paymentId}/reversal`, headers: { ...bearer(token), ...headers }, payload });

  return { feeOf, saveTariff, policyAt, updatePolicy, pay, editFee, reverse };
}

/** A 400's message and the fields its details name. */
export function refusal(response: { statusCode: number; body: string }) {
  const body = JSON.parse(response.body) as { message: string; code: string; details?: Array<{ field: string }> };
  return { status: response.statusCode, message: body.message, code: body.code, fields: (body.details ?? []).map((detail) => detail.field) };
}
