import { useState } from 'react';
import { formatPesos, invoiceCancelInputSchema, invoiceCancelMotiveLabels, invoiceCancelMotives, type Invoice, type InvoiceCancelMotive } from '@portal/domain';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/select-field';
import { useCancelInvoice, usePolicyInvoices } from '../api';

/** Invoices that may replace this one (motive 01): standing, of the same policy, issued after it. */
function replacementsFor(invoice: Invoice, invoices: Invoice[] | undefined): Invoice[] {
  return (invoices ?? []).filter((other) => other.id !== invoice.id && other.state === 'valid' && other.issuedAt && invoice.issuedAt && other.issuedAt >= invoice.issuedAt);
}

/**
 * 'Cancelar factura' (issue 34): the SAT's motive, the replacing invoice for 01, and a confirmation
 * (the cancellation reaches the SAT and is not undone).
 */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const [motive, setMotive] = useState<InvoiceCancelMotive | ''>('');
  const [replacementId, setReplacementId] = useState('');
  const [errors, setErrors] = useState<{ motive?: string; replacementId?: string; other?: string }>({});
  const cancel = useCancelInvoice(invoice.policyId);
  const policyInvoices = usePolicyInvoices(invoice.policyId, motive === '01');
  const replacements = replacementsFor(invoice, policyInvoices.data);

  const confirm = () => {
    const body = { motive, replacementId: motive === '01' && replacementId ? Number(replacementId) : null };
    const parsed = invoiceCancelInputSchema.safeParse(body);
    if (!parsed.success) return setErrors({ motive: parsed.error.issues[0]?.message });
    if (motive === '01' && !replacementId) return setErrors({ replacementId: 'Elija la factura que sustituye a esta' });
    setErrors({});
    cancel.mutate(
      { invoiceId: invoice.id, body: parsed.data },
      {
        onSuccess: (answer) => {
          notify.success(answer.state === 'canceled' ? 'Factura cancelada' : 'Cancelación solicitada: espera la aceptación del cliente');
          onClose();
        },
        onError: (error) => {
          if (isSessionExpired(error)) return;
          const detail = isApiError(error) ? error.details.find((item) => item.field === 'replacementId') : undefined;
          setErrors(detail ? { replacementId: detail.message } : { other: errorMessage(error) });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next && !cancel.isPending) onClose();
      }}
      title="Cancelar factura"
      description={`La factura ${invoice.series}${invoice.folioNumber ?? ''} por ${formatPesos(invoice.total)} se cancela ante el SAT; no se puede deshacer.`}
      confirmLabel="Cancelar factura"
      cancelLabel="Volver"
      tone="danger"
      busy={cancel.isPending}
      onConfirm={confirm}
    >
      <div className="mt-4 space-y-3">
        <SelectField label="Motivo" required error={errors.motive} value={motive} onChange={(event) => setMotive(event.target.value as InvoiceCancelMotive | '')}>
          <option value="">Seleccione el motivo del SAT</option>
          {invoiceCancelMotives.map((each) => (
            <option key={each} value={each}>
              {invoiceCancelMotiveLabels[each]}
            </option>
          ))}
        </SelectField>
        {motive === '01' ? (
          <SelectField
            label="Factura que la sustituye"
            required
            hint={policyInvoices.isPending ? 'Cargando las facturas de la póliza...' : replacements.length === 0 ? 'Emita primero la factura correcta de esta póliza' : undefined}
            error={errors.replacementId}
            value={replacementId}
            onChange={(event) => setReplacementId(event.target.value)}
          >
            <option value="">Seleccione la factura</option>
            {replacements.map((each) => (
              <option key={each.id} value={each.id}>
                {each.series}
                {each.folioNumber ?? ''} · {formatPesos(each.total)} · {each.uuid}
              </option>
            ))}
          </SelectField>
        ) : null}
        {errors.other ? <p className="text-sm text-red-700 dark:text-red-400">{errors.other}</p> : null}
      </div>
    </ConfirmDialog>
  );
}
