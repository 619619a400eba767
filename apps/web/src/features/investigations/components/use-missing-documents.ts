import { missingDocuments, type InvestigationDocument, type MissingDocument } from '@portal/domain';
import { usePolicyByFolio } from '../api';
import { useInvestigationFolio } from './use-investigation-folio';

/**
 * The required documents the investigation still lacks, by the domain's rule (the server's too):
 * the policy type and guarantor from the policy found by folio, else from the router state.
 * Empty while that is unknown; the server still refuses an unconfirmed approval then.
 */
export function useMissingDocuments(folio: string, documents: readonly InvestigationDocument[] | undefined): MissingDocument[] {
  const { navState } = useInvestigationFolio();
  const found = usePolicyByFolio(folio, { enabled: true }).data;
  const policy = found
    ? { policyType: found.policyType, hasGuarantor: found.firstGuarantorId !== null }
    : navState
      ? { policyType: navState.policyType, hasGuarantor: navState.guarantorId !== undefined }
      : null;
  if (!policy || !documents) return [];
  return missingDocuments(policy, documents);
}
