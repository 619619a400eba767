import { canDecideInvestigation, isInvestigationOpen, type PolicyStatus } from '@portal/domain';
import { usePolicyByFolio } from '../api';

export interface InvestigationStatus {
  /** The policy's status; undefined until known (or when the lookup failed: the server still decides). */
  status: PolicyStatus | undefined;
  /** Documents may still be added, replaced or deleted. */
  open: boolean;
  /** Aprobar and Rechazar apply. */
  decidable: boolean;
}

/**
 * Where the investigation stands, so the screens offer only what the server would accept: no
 * uploads or deletions once it is decided, no decision before it has started.
 */
export function useInvestigationStatus(folio: string): InvestigationStatus {
  const status = usePolicyByFolio(folio, { enabled: true }).data?.status;
  if (!status) return { status: undefined, open: true, decidable: true };
  return { status, open: isInvestigationOpen(status), decidable: canDecideInvestigation(status) };
}
