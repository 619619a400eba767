import { policyDisplayFolio, type Policy } from '@portal/domain';
import { ContractsPanel } from '@/features/contracts';
import { FileSection } from './file-section';

/** 'Contratos': the pack generated when the policy reached 'contracts', and its older versions. */
export function ContractsSection({ policy }: { policy: Policy }) {
  return (
    <FileSection id="contratos" title="Contratos" className="print:hidden">
      <ContractsPanel policyId={policy.id} folio={policyDisplayFolio(policy)} />
    </FileSection>
  );
}
