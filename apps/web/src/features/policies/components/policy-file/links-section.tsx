import { isInvestigationOpen, policyDisplayFolio, type Policy } from '@portal/domain';
import { PolicyLinksPanel } from '@/features/public-links';
import { FileSection } from './file-section';

/** 'Enlaces' (issue 17): the personal links sent to the policy's tenants, guarantors and owner. */
export function LinksSection({ policy }: { policy: Policy }) {
  return (
    <FileSection id="enlaces" title="Enlaces" className="print:hidden">
      <PolicyLinksPanel policyId={policy.id} folio={policyDisplayFolio(policy)} uploadOpen={isInvestigationOpen(policy.status)} />
    </FileSection>
  );
}
