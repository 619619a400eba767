import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Policy } from '@portal/domain';
import { exampleGuarantor } from '@portal/domain/testing';
import { bearer, type TestContext } from '../../../test/app';
import { newPolicy, rentOverrides } from '../../../test/policies';
import { runRentArrears } from '../../rents/index';
import { findClaim } from '../repository/claims';
import { openClaim } from '../service/open';
import { moveClaimStage, type ClaimActor } from '../service/stage';

/*
 * Cases for the documents' and the agreement's tests (issue 33): a 'plus' policy (with an
 * obligado solidario) in force since 1 December 2026 at $18,500 a month, 5 days' grace; December
 * paid, so on 10 March 2027 January to March are En mora (pagarés 2, 3 and 4 of 12).
 */

const system: ClaimActor = { userId: null, label: 'Sistema' };

let folios = 0;

export async function policyInArrears(ctx: TestContext, token: string): Promise<Policy> {
  const policy = await newPolicy(ctx, {
    token,
    overrides: {
      ...rentOverrides({ contractStartDate: '2026-12-01', gracePeriod: '5' }),
      policyType: 'plus',
      guarantors: [exampleGuarantor('Jorge Ramírez Soto')],
      status: 'active',
      policyNumber: `POL-INC-${process.pid}-${++folios}`,
    },
    via: 'admin-jump',
  });
  const paid = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, headers: bearer(token), payload: { amount: '18500', receivedOn: '2026-12-03', method: 'transfer' } });
  expect(paid.statusCode, paid.body).toBe(201);
  return policy;
}

/** A case for the policy's months En mora (the daily rents run marks them first), with $2,500 of services. */
export async function openCase(ctx: TestContext, policy: Policy, now: Date, assigneeId: number | null = null): Promise<number> {
  await runRentArrears(ctx.app.db, now);
  return ctx.app.db.transaction((tx) =>
    openClaim(tx, { policyId: policy.id, type: 'non_payment', description: 'El inquilino dejó de pagar desde enero', source: 'staff', status: 'open', servicesCents: 250_000, assigneeId }, system),
  );
}

/** Moves the case as staff would (the stage route is another part's). */
export async function moveCase(ctx: TestContext, claimId: number, move: Parameters<typeof moveClaimStage>[2], now: Date): Promise<void> {
  await ctx.app.db.transaction(async (tx) => {
    const claim = (await findClaim(tx, claimId, { branchId: undefined }, true))!;
    expect(await moveClaimStage(tx, claim, move, system, now)).toBe(true);
  });
}

/** The 400's field names, as the errors plugin lists them. */
export function fieldsOf(response: LightMyRequestResponse): string[] {
  const body = response.json() as { details?: { field: string }[] };
  return (body.details ?? []).map((detail) => detail.field);
}
