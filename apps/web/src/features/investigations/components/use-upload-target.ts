import type { RetryableQuery } from '@/components/ui/query-state';
import { investigationNavState, type InvestigationNavState } from './investigation-nav-state';
import { useInvestigationFolio } from './use-investigation-folio';
import { usePolicyByFolio } from '../api';

export type UploadTarget =
  | { kind: 'missing' }
  | { kind: 'loading'; folio: string }
  | { kind: 'error'; folio: string; lookup: RetryableQuery }
  | { kind: 'not-found'; folio: string }
  | { kind: 'ready'; folio: string; policy: InvestigationNavState };

/**
 * The upload screen needs the policy type (which documents to ask for) and whether a guarantor
 * is on the policy. The router state carries them; after a reload only the folio is left, and
 * the policy is looked up by it.
 */
export function useUploadTarget(): UploadTarget {
  const { folio, navState } = useInvestigationFolio();
  const lookup = usePolicyByFolio(folio, { enabled: navState === null });
  if (!folio) return { kind: 'missing' };
  if (navState) return { kind: 'ready', folio, policy: navState };
  if (lookup.isPending) return { kind: 'loading', folio };
  if (lookup.isError) {
    return { kind: 'error', folio, lookup };
  }
  const found = lookup.data;
  if (!found) return { kind: 'not-found', folio };
  return { kind: 'ready', folio, policy: investigationNavState({ ...found, guarantorId: found.firstGuarantorId }) };
}
