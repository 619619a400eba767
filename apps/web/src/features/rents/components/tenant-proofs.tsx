import { useState } from 'react';
import { Check, Link2, Paperclip, X } from 'lucide-react';
import {
  centsToMoney,
  formatPesos,
  paymentMethodLabels,
  rejectProofInputSchema,
  rentFileEndpoints,
  rentProofStateLabels,
  type RentProof,
} from '@portal/domain';
import { callEndpointForBlob } from '@/lib/endpoint-client';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DownloadButton } from '@/components/download-button';
import { TextField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { useConfirmProof, useIssueProofLink, useRejectProof, useRentProofs } from '../api';

/**
 * 'Comprobantes del inquilino' (issue 32): what the tenant sent by link, the ones to review
 * first, each with its file; staff who record payments confirm one (it becomes a payment, amount
 * and date correctable) or reject it with a reason the tenant reads.
 */
export function TenantProofs({ policyId, version, canDecide }: { policyId: number; version: number; canDecide: boolean }) {
  const proofs = useRentProofs(policyId);
  const [confirming, setConfirming] = useState<RentProof | null>(null);
  const [rejecting, setRejecting] = useState<RentProof | null>(null);
  const pending = proofs.data?.pending ?? 0;
  return (
    <div className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          Comprobantes del inquilino{pending > 0 ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">{pending} por revisar</span> : null}
        </h3>
        {canDecide ? <TenantLinkButton policyId={policyId} /> : null}
      </div>
      <QueryState
        query={proofs}
        loading="Cargando comprobantes..."
        loadingClassName="py-4"
        errorTitle="Error al cargar los comprobantes"
        isEmpty={(list) => list.proofs.length === 0}
        empty={<p className="text-sm text-slate-600 dark:text-slate-400">El inquilino aún no ha enviado comprobantes.</p>}
      >
        {(list) => (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
            {list.proofs.map((proof) => (
              <ProofLine key={proof.id} proof={proof} canDecide={canDecide} onConfirm={() => setConfirming(proof)} onReject={() => setRejecting(proof)} />
            ))}
          </ul>
        )}
      </QueryState>
      {confirming ? <ConfirmProofDialog key={confirming.id} policyId={policyId} version={version} proof={confirming} onClose={() => setConfirming(null)} /> : null}
      {rejecting ? <RejectProofDialog key={rejecting.id} policyId={policyId} proof={rejecting} onClose={() => setRejecting(null)} /> : null}
    </div>
  );
}

function ProofLine({ proof, canDecide, onConfirm, onReject }: { proof: RentProof; canDecide: boolean; onConfirm: () => void; onReject: () => void }) {
  const title = `${formatPesos(proof.amount)} · ${formatDate(proof.paidOn)} · ${paymentMethodLabels[proof.method]}`;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
      <div className="min-w-0 flex-1 basis-64 space-y-0.5">
        <p className="font-medium text-slate-900 tabular-nums dark:text-white">
          {title}
          {proof.reference ? <span className="font-normal"> · Ref. {proof.reference}</span> : null}
        </p>
        <p className={proof.state === 'rejected' ? 'text-red-700 dark:text-red-400' : proof.state === 'accepted' ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-800 dark:text-amber-300'}>
          {proof.state === 'rejected' ? `${rentProofStateLabels.rejected}: ${proof.rejectReason ?? ''}` : rentProofStateLabels[proof.state]}
          {proof.decidedBy ? <span className="text-slate-600 dark:text-slate-400"> ({proof.decidedBy})</span> : null}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Envió {proof.sentBy || 'el inquilino'} · {formatDateTime(proof.sentAt)}
        </p>
      </div>
      <DownloadButton
        label="Ver archivo"
        icon={Paperclip}
        fileName={proof.fileName}
        errorTitle="No se pudo descargar el comprobante"
        fetchFile={() => callEndpointForBlob(rentFileEndpoints.proofFile, { params: { id: proof.id } })}
      />
      {canDecide && proof.state === 'pending' ? (
        <>
          <Button size="sm" onClick={onConfirm} aria-label={`Confirmar comprobante de ${title}`}>
            <Check aria-hidden="true" />
            Confirmar
          </Button>
          <Button size="sm" variant="danger-outline" onClick={onReject} aria-label={`Rechazar comprobante de ${title}`}>
            <X aria-hidden="true" />
            Rechazar
          </Button>
        </>
      ) : null}
    </li>
  );
}

function ConfirmProofDialog({ policyId, version, proof, onClose }: { policyId: number; version: number; proof: RentProof; onClose: () => void }) {
  const confirm = useConfirmProof(policyId);
  const [amount, setAmount] = useState(proof.amount);
  const [receivedOn, setReceivedOn] = useState(proof.paidOn);
  const fieldError = (field: string) => (isApiError(confirm.error) ? confirm.error.details.find((detail) => detail.field === field)?.message : undefined);
  const general = confirm.isError && !fieldError('amount') && !fieldError('receivedOn') && !isSessionExpired(confirm.error) ? errorMessage(confirm.error) : null;
  const send = () =>
    confirm.mutate(
      { proofId: proof.id, body: { amount, receivedOn }, ifMatch: version },
      {
        onSuccess: (ledger) => {
          const recorded = ledger.payments.at(-1);
          notify.success('Comprobante confirmado', recorded ? formatPesos(recorded.amount) : formatPesos(centsToMoney(0)));
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next && !confirm.isPending) onClose();
      }}
      title="Confirmar comprobante"
      description="Se registrará el pago con este archivo como comprobante. Corrija el importe o la fecha si no coinciden con lo recibido."
      confirmLabel="Confirmar y registrar pago"
      busy={confirm.isPending}
      onConfirm={send}
    >
      <div className="mt-4 space-y-3">
        {general ? <Alert>{general}</Alert> : null}
        <TextField label="Importe" required inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} error={fieldError('amount')} />
        <TextField label="Fecha de recepción" required type="date" value={receivedOn} onChange={(event) => setReceivedOn(event.target.value)} error={fieldError('receivedOn')} />
      </div>
    </ConfirmDialog>
  );
}

function RejectProofDialog({ policyId, proof, onClose }: { policyId: number; proof: RentProof; onClose: () => void }) {
  const reject = useRejectProof(policyId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = () => {
    const parsed = rejectProofInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    reject.mutate(
      { proofId: proof.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          notify.success('Comprobante rechazado');
          onClose();
        },
        onError: (failure) => {
          if (isSessionExpired(failure)) return;
          setError((isApiError(failure) ? failure.details.find((item) => item.field === 'reason')?.message : undefined) ?? errorMessage(failure));
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next && !reject.isPending) onClose();
      }}
      title="Rechazar comprobante"
      description="El inquilino verá el motivo en su enlace."
      confirmLabel="Rechazar"
      tone="danger"
      busy={reject.isPending}
      onConfirm={send}
    >
      <div className="mt-4">
        <TextField label="Motivo" required maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} error={error} />
      </div>
    </ConfirmDialog>
  );
}

/** 'Enlace para el inquilino': a fresh link (its token exists only in this answer), with WhatsApp. */
function TenantLinkButton({ policyId }: { policyId: number }) {
  const issue = useIssueProofLink(policyId);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" disabled={issue.isPending} onClick={() => issue.mutate({}, { onError: (failure) => void (isSessionExpired(failure) || notify.error('No se pudo crear el enlace', errorMessage(failure))) })}>
        <Link2 aria-hidden="true" />
        Enlace para el inquilino
      </Button>
      {issue.data ? (
        <p className="text-xs text-slate-700 dark:text-slate-300">
          <span className="break-all">{issue.data.url}</span>
          {issue.data.whatsappUrl ? (
            <a className="ml-2 font-medium text-brand-700 underline dark:text-brand-300" href={issue.data.whatsappUrl} target="_blank" rel="noreferrer">
              Enviar por WhatsApp
            </a>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
