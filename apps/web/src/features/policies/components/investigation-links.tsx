import { Link } from 'react-router';
import { ClipboardList, Upload } from 'lucide-react';
import type { Policy } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { investigationResultsLink, uploadDocumentsLink } from '@/features/investigations';
import { isInvestigationOpen } from './row-actions';

/**
 * The edit screen's way to the policy's investigation, as the tracking menu offers it: only while
 * the investigation is open (created or under investigation). Links, so they also open in a tab.
 */
export function InvestigationLinks({ policy }: { policy: Policy }) {
  if (!isInvestigationOpen(policy.status)) return null;
  const investigation = { ...policy, guarantorId: policy.guarantors[0]?.id };
  const upload = uploadDocumentsLink(investigation);
  const results = investigationResultsLink(investigation);
  return (
    <>
      <Button asChild variant="secondary">
        <Link to={upload.to} state={upload.state}>
          <Upload aria-hidden="true" />
          Subir Documentos
        </Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={results.to} state={results.state}>
          <ClipboardList aria-hidden="true" />
          Mostrar Resultados
        </Link>
      </Button>
    </>
  );
}
