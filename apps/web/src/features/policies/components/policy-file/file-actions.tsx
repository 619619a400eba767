import { Link, useNavigate } from 'react-router';
import { Pencil, Printer } from 'lucide-react';
import type { Policy, PolicySummary } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { investigationResultsLink, uploadDocumentsLink } from '@/features/investigations';
import { ConfirmSignatureDialog } from '../confirm-signature-dialog';
import { PolicyRowMenu } from '../policy-row-menu';
import { rowActionsFor, type RowAction } from '../row-actions';
import { usePolicyStatusChange } from '../use-policy-status-change';
import { policySummaryOf } from './file-format';

/**
 * The header's actions: the tracking row menu as it is (its status's transitions, 'Confirmar
 * Firma' through its dialog, Subir Documentos and Mostrar Resultados while the investigation is
 * open), then Editar and printing the summary.
 */
export function FileActions({ policy }: { policy: Policy }) {
  const statusChange = usePolicyStatusChange();
  const navigate = useNavigate();
  const summary = policySummaryOf(policy);

  const onAction = (row: PolicySummary, action: RowAction) => {
    const investigation = { ...row, guarantorId: row.firstGuarantorId };
    const goTo = (link: { to: string; state: unknown }) => void navigate(link.to, { state: link.state });
    if (action.kind === 'upload-documents') goTo(uploadDocumentsLink(investigation));
    else if (action.kind === 'show-results') goTo(investigationResultsLink(investigation));
    else if (action.kind === 'confirm-signature') statusChange.askSignature(row);
    else statusChange.change(row, action.to);
  };

  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      {/* A status without actions gets no menu here (the table shows a dash to keep its column). */}
      {rowActionsFor(policy.status).length > 0 ? (
        <PolicyRowMenu policy={summary} busy={statusChange.busyPolicyId === policy.id} onAction={onAction} />
      ) : null}
      <Button asChild variant="secondary">
        <Link to={paths.policies.edit.to(policy.id)}>
          <Pencil aria-hidden="true" />
          Editar
        </Link>
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        <Printer aria-hidden="true" />
        Imprimir resumen
      </Button>
      <ConfirmSignatureDialog
        open={statusChange.signing.open}
        policy={statusChange.signing.policy}
        busy={statusChange.busyPolicyId !== null}
        onClose={statusChange.closeSignature}
        onChoose={(status) => statusChange.signing.policy && statusChange.change(statusChange.signing.policy, status)}
      />
    </div>
  );
}
