import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { policyDisplayFolio, policyMessages, policyStatusLabels, type PolicySummary } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { investigationResultsLink, uploadDocumentsLink } from '@/features/investigations';
import { PolicyExportButtons } from '../components/policy-export-buttons';
import { ConfirmSignatureDialog } from '../components/confirm-signature-dialog';
import { PolicyFilters } from '../components/policy-filters';
import { PolicyResults } from '../components/policy-results';
import { PolicyTrackingTable } from '../components/policy-tracking-table';
import type { RowAction } from '../components/row-actions';
import { usePolicyList } from '../components/use-policy-list';
import { usePolicyStatusChange } from '../components/use-policy-status-change';
import { RenewPolicyDialog } from '../components/renew-policy-dialog';
import { usePolicyRenewal } from '../components/use-policy-renewal';

/** /policies/tracking: 'Seguimiento de Pólizas', each row with its next steps. */
export function PolicyTrackingPage() {
  usePageTitle('Seguimiento de Pólizas');
  const { user } = useSession();
  const hasBranch = user?.branchId != null;
  const list = usePolicyList({ enabled: hasBranch });
  const statusChange = usePolicyStatusChange();
  const renewal = usePolicyRenewal();
  const navigate = useNavigate();
  // 'Enviar Contratos' may e-mail every signer at once: it asks first (issue 29).
  const [sending, setSending] = useState<PolicySummary | null>(null);
  const { query } = list;
  // A refetch of what is on screen (the button, or after a status change), not a new search.
  const refreshing = query.isFetching && !query.isPending && !query.isFetchingNextPage && !query.isPlaceholderData;

  const goTo = (link: { to: string; state: unknown }) => void navigate(link.to, { state: link.state });
  const onAction = (policy: PolicySummary, action: RowAction) => {
    const investigation = { ...policy, guarantorId: policy.firstGuarantorId };
    if (action.kind === 'upload-documents') goTo(uploadDocumentsLink(investigation, 'tracking'));
    else if (action.kind === 'show-results') goTo(investigationResultsLink(investigation, 'tracking'));
    else if (action.kind === 'confirm-signature') statusChange.askSignature(policy);
    else if (action.kind === 'renew') renewal.ask(policy);
    else if (action.to === 'signature') setSending(policy);
    else statusChange.change(policy, action.to);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Seguimiento de Pólizas"
        actions={
          <>
            {hasBranch ? (
              <PolicyExportButtons filters={list.filters} />
            ) : null}
            <Button variant="secondary" onClick={() => void query.refetch()} disabled={!hasBranch || query.isFetching}>
              <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
              {refreshing ? 'Actualizando datos...' : 'Actualizar'}
            </Button>
          </>
        }
      />
      {hasBranch ? <PolicyFilters list={list} statusLabels={policyStatusLabels} /> : null}
      {hasBranch ? (
        <PolicyResults list={list} emptyText={policyMessages.emptyTracking} busyText={list.searching ? 'Buscando...' : null}>
          {(rows) => <PolicyTrackingTable rows={rows} busyPolicyId={statusChange.busyPolicyId} onAction={onAction} />}
        </PolicyResults>
      ) : (
        <EmptyState title="Sin sucursal asignada" description="Su usuario no tiene una sucursal; pida a un administrador que le asigne una." />
      )}
      <ConfirmSignatureDialog
        open={statusChange.signing.open}
        policy={statusChange.signing.policy}
        busy={statusChange.busyPolicyId !== null}
        onClose={statusChange.closeSignature}
        onChoose={(status) => statusChange.signing.policy && statusChange.change(statusChange.signing.policy, status)}
      />
      <RenewPolicyDialog renewal={renewal} />
      <ConfirmDialog
        open={sending !== null}
        onOpenChange={(open) => (open ? undefined : setSending(null))}
        title="¿Enviar los contratos?"
        description={
          sending
            ? `La póliza ${policyDisplayFolio(sending)} pasará a «Pendiente de firma». Si se firma electrónicamente, cada firmante recibirá ahora por correo su enlace para firmar; el expediente muestra a quién antes de enviar.`
            : ''
        }
        confirmLabel="Enviar"
        onConfirm={() => {
          if (sending) statusChange.change(sending, 'signature');
          setSending(null);
        }}
      />
    </div>
  );
}
