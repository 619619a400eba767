import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Ban, Pencil, Printer, RefreshCcw } from 'lucide-react';
import { canRenewPolicy, canTerminatePolicy, type Policy, type PolicySummary } from '@portal/domain';
import { useSession } from '@/features/auth';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { investigationResultsLink, uploadDocumentsLink } from '@/features/investigations';
import { ConfirmSignatureDialog } from '../confirm-signature-dialog';
import { PolicyRowMenu, useRowActions } from '../policy-row-menu';
import type { RowAction } from '../row-actions';
import { RenewPolicyDialog } from '../renew-policy-dialog';
import { usePolicyRenewal } from '../use-policy-renewal';
import { usePolicyStatusChange } from '../use-policy-status-change';
import { policySummaryOf } from './file-format';
import { GenerateContractsButton } from './generate-contracts-button';
import { SendContractsButton } from './send-contracts-button';
import { TerminatePolicyDialog } from './terminate-policy-dialog';
import { useCanEditPolicy } from '../use-can-edit-policy';

/**
 * The header's actions: the tracking row menu as it is (its status's transitions, 'Confirmar
 * Firma' through its dialog, Subir Documentos and Mostrar Resultados while the investigation is
 * open), then Renovar and Terminar anticipadamente where the user may (issue 15), Editar and
 * printing the summary.
 */
export function FileActions({ policy }: { policy: Policy }) {
  const statusChange = usePolicyStatusChange();
  const renewal = usePolicyRenewal();
  const [terminating, setTerminating] = useState(false);
  const { user } = useSession();
  const navigate = useNavigate();
  const summary = policySummaryOf(policy);
  const menuActions = useRowActions(summary, false);
  const renewable = user !== null && canRenewPolicy(user.role, policy);
  const terminable = user !== null && canTerminatePolicy(user.role, policy);
  // The next step is a button that asks first, not an item of the menu: 'Generar Contratos', then
  // 'Enviar Contratos' (issue 29). The menu is left for what else the status offers.
  const canEdit = useCanEditPolicy();
  const generatesContracts = canEdit && policy.status === 'investigation_approved';
  const sendsContracts = canEdit && policy.status === 'contracts';

  const onAction = (row: PolicySummary, action: RowAction) => {
    const investigation = { ...row, guarantorId: row.firstGuarantorId };
    const goTo = (link: { to: string; state: unknown }) => void navigate(link.to, { state: link.state });
    if (action.kind === 'upload-documents') goTo(uploadDocumentsLink(investigation));
    else if (action.kind === 'show-results') goTo(investigationResultsLink(investigation));
    else if (action.kind === 'confirm-signature') statusChange.askSignature(row);
    else if (action.kind === 'renew') renewal.ask(row);
    else statusChange.change(row, action.to);
  };

  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      {/* A status without actions gets no menu here (the table shows a dash to keep its column). */}
      {generatesContracts ? <GenerateContractsButton policy={policy} /> : null}
      {sendsContracts ? <SendContractsButton policy={policy} /> : null}
      {menuActions.length > 0 && !generatesContracts && !sendsContracts ? (
        <PolicyRowMenu policy={summary} busy={statusChange.busyPolicyId === policy.id} onAction={onAction} offerRenewal={false} />
      ) : null}
      {renewable ? (
        <Button variant="secondary" onClick={() => renewal.ask(summary)}>
          <RefreshCcw aria-hidden="true" />
          Renovar
        </Button>
      ) : null}
      {terminable ? (
        <Button variant="secondary" onClick={() => setTerminating(true)}>
          <Ban aria-hidden="true" />
          Terminar anticipadamente
        </Button>
      ) : null}
      {canEdit ? (
        <Button asChild variant="secondary">
          <Link to={paths.policies.edit.to(policy.id)}>
            <Pencil aria-hidden="true" />
            Editar
          </Link>
        </Button>
      ) : null}
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
      <RenewPolicyDialog renewal={renewal} />
      {terminable ? <TerminatePolicyDialog policy={policy} open={terminating} onClose={() => setTerminating(false)} /> : null}
    </div>
  );
}
