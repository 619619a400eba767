import { policyDisplayFolio, type Policy } from '@portal/domain';
import { SigningPanel } from '@/features/e-signature';
import { FileSection } from './file-section';

/** 'Firma electrónica': the signing round of a policy marked for it (paper policies say so). */
export function SigningSection({ policy }: { policy: Policy }) {
  return (
    <FileSection id="firma" title="Firma electrónica" className="print:hidden">
      {policy.isElectronicSignature ? (
        <SigningPanel policyId={policy.id} folio={policyDisplayFolio(policy)} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Esta póliza se firma en papel: «Firma electrónica» no está marcada.</p>
      )}
    </FileSection>
  );
}
