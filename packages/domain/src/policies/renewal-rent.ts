import { z } from 'zod';
import { moneySchema, positiveMoneyInput } from '../rents/money';
import { policySchema } from './policy-response';

/*
 * The renewal's rent (issue 32): 'Renovar' proposes the current rent raised by the branch's
 * maximum yearly increase (its source named), and warns — never blocks — when the rent entered
 * is above it: owner and tenant may agree otherwise, and the office decides.
 */

export const renewalRentLabel = 'Renta mensual de la renovación';

/** POST /api/policy/{id}/renew's body: the new rent, or nothing (the renewal keeps the current rent). */
export const renewalInputSchema = z.object({ rent: positiveMoneyInput(renewalRentLabel).optional() }).nullish();
export type RenewalInput = z.input<typeof renewalInputSchema>;

/** GET /api/policy/{id}/renewal: what the renewal's dialog proposes. */
export const renewalProposalSchema = z.object({
  currentRent: moneySchema,
  /** The current rent raised by the cap, to the centavo; the current rent without a cap. */
  proposedRent: moneySchema,
  /** The branch's maximum yearly increase (3.69), null when it sets none, and where the figure comes from. */
  maxIncreasePercent: z.number().nullable(),
  maxIncreaseSource: z.string(),
});
export type RenewalProposal = z.infer<typeof renewalProposalSchema>;

/** The renewal as created, with the warning when its rent rises above the branch's cap (null otherwise). */
export const renewalSchema = policySchema.extend({ rentWarning: z.string().nullable() });
export type Renewal = z.infer<typeof renewalSchema>;
