import {
  canRenewRole,
  centsToMoney,
  formatPesos,
  policyLifecycleMessages,
  proposedRenewalRentCents,
  rentIncreaseWarning,
  type RenewalProposal,
} from '@portal/domain';
import type { Executor } from '../../db/client';
import { forbidden } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { getPolicy } from '../policies/index';
import { branchRentCap, type RentCap } from './repository';

/*
 * The renewal's rent (issue 32): proposed as the current rent raised by the branch's maximum
 * yearly increase; a rent above it is accepted with a warning (returned and kept in the new
 * policy's history), never refused.
 */

/** The policy form's rent (a number of pesos, numeric(12,2)) as cents. */
const rentCents = (price: number) => Math.round(price * 100);

/** GET /api/policy/{id}/renewal: what 'Renovar' proposes. */
export async function renewalProposal(db: Executor, actor: AuthUser, id: number): Promise<RenewalProposal> {
  if (!canRenewRole(actor.role)) throw forbidden(policyLifecycleMessages.renewRoleForbidden);
  // Read within the caller's branch scope: another branch's policy is a 404.
  const policy = await getPolicy(db, actor, id);
  const cap = await branchRentCap(db, policy.branchId);
  const current = rentCents(policy.property.rent.price);
  return {
    currentRent: centsToMoney(current),
    proposedRent: centsToMoney(proposedRenewalRentCents(current, cap.percent)),
    maxIncreasePercent: cap.percent,
    maxIncreaseSource: cap.source,
  };
}

/** The renewal's rent and its history line: the rent given (or the current one) and the warning above the cap. */
export function renewalRent(currentPrice: number, givenCents: number | undefined, cap: RentCap): { price: number; warning: string | null; note: string | null } {
  const current = rentCents(currentPrice);
  if (givenCents === undefined || givenCents === current) return { price: currentPrice, warning: null, note: null };
  const warning = rentIncreaseWarning(current, givenCents, cap);
  const note = `Renta: ${formatPesos(givenCents)} (antes ${formatPesos(current)})${warning ? `. Aviso: ${warning}` : ''}`;
  return { price: givenCents / 100, warning, note };
}
