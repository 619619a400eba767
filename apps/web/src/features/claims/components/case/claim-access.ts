import { claimEditorRoles, claimMoneyReverserRoles, hasRole, type ClaimDetail } from '@portal/domain';
import { useSession } from '@/features/auth';

/** What the signed-in user may do with the case: every staff role reads it. */
export interface ClaimAccess {
  /** Work the case (contacts, deadlines, documents, money…): editors, while it is not closed. */
  canEdit: boolean;
  /** 'Reabrir' a closed case with the reason: editors. */
  canReopen: boolean;
  /** Reverse a cost, a recovery or a payout: those who answer for the money. */
  canReverse: boolean;
}

export function useClaimAccess(claim: Pick<ClaimDetail, 'status'>): ClaimAccess {
  const role = useSession().user?.role;
  const editor = hasRole(role, claimEditorRoles);
  const closed = claim.status === 'closed';
  return { canEdit: editor && !closed, canReopen: editor && closed, canReverse: hasRole(role, claimMoneyReverserRoles) && !closed };
}
