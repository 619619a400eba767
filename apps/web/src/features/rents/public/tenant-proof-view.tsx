import { useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import {
  businessDate,
  formatPesos,
  paymentMethodLabels,
  periodLabel,
  recordablePaymentMethods,
  rentMonthStateLabels,
  rentProofMessages,
  rentProofStateLabels,
  type RentProofView,
} from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { TextField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { receiptAccept } from '../components/rent-format';
import { useSendProof, useTenantProofs } from './proof-api';

/**
 * The tenant's page of a 'rent_proof' link (issue 32), after the aviso, made for a phone: the
 * months owed, a form to send a comprobante, and the proofs sent with what the office decided.
 */
export function TenantProofView({ token }: { token: string }) {
  const proofs = useTenantProofs(token);
  return (
    <QueryState query={proofs} loading="Cargando sus rentas..." errorTitle="No se pudieron cargar sus rentas" isEmpty={() => false}>
      {(view) => (
        <div className="space-y-6">
          <section className="space-y-1">
            <h1 className="text-xl font-semibold">Hola, {view.tenantName}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Envíe a {view.branchName} el comprobante de pago de su renta (póliza <span className="font-medium">{view.folio}</span>). La oficina lo revisará.
            </p>
          </section>
          <MonthsOwed view={view} />
          <ProofForm token={token} />
          <ProofsSent view={view} />
        </div>
      )}
    </QueryState>
  );
}

function MonthsOwed({ view }: { view: RentProofView }) {
  return (
    <section aria-labelledby="owed-heading" className="space-y-2">
      <h2 id="owed-heading" className="text-base font-semibold">
        Rentas pendientes
      </h2>
      {view.months.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No tiene rentas pendientes.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm dark:divide-slate-800 dark:border-slate-700 dark:bg-slate-900">
          {view.months.map((month) => (
            <li key={month.period} className="flex items-center justify-between gap-3 p-3">
              <span>
                <span className="font-medium capitalize">{periodLabel(month.period)}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {rentMonthStateLabels[month.state]} · vence {formatDate(month.dueOn)}
                </span>
              </span>
              <span className="font-medium tabular-nums">{formatPesos(month.owed)}</span>
            </li>
          ))}
        </ul>
      )}
      {view.months.length > 0 ? <p className="text-sm font-medium">Total pendiente: {formatPesos(view.owed)}</p> : null}
    </section>
  );
}

function ProofForm({ token }: { token: string }) {
  const today = businessDate();
  const send = useSendProof(token);
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [method, setMethod] = useState('');
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const fieldError = (field: string) => (isApiError(send.error) ? send.error.details.find((detail) => detail.field === field)?.message : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (!file) return setMissing('Elija el archivo del comprobante');
    setMissing(null);
    try {
      await send.mutateAsync({ amount, paidOn, method, reference, file });
      setSent(true);
      setAmount('');
      setReference('');
      setFile(null);
    } catch {
      // The error shows under its field, or above the button.
    }
  };

  return (
    <section aria-labelledby="send-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h2 id="send-heading" className="text-base font-semibold">
        Enviar comprobante
      </h2>
      {sent ? (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-800 dark:text-emerald-300">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {rentProofMessages.received}
        </p>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <TextField label="Importe pagado" required inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} error={fieldError('amount')} />
        <TextField label="Fecha de pago" required type="date" max={today} value={paidOn} onChange={(event) => setPaidOn(event.target.value)} error={fieldError('paidOn')} />
        <SelectField label="Forma de pago" required value={method} onChange={(event) => setMethod(event.target.value)} error={fieldError('method')}>
          <option value="">Seleccione la forma de pago</option>
          {recordablePaymentMethods.map((value) => (
            <option key={value} value={value}>
              {paymentMethodLabels[value]}
            </option>
          ))}
        </SelectField>
        <TextField label="Referencia" autoComplete="off" maxLength={100} hint="Opcional: folio SPEI, número de operación..." value={reference} onChange={(event) => setReference(event.target.value)} error={fieldError('reference')} />
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Comprobante</p>
          <FilePicker label="Seleccionar archivo: Comprobante" accept={receiptAccept} disabled={send.isPending} fileName={file?.name} onChange={setFile} />
          <p className="text-xs text-slate-500 dark:text-slate-400">Foto o PDF: JPG, PNG o PDF.</p>
          {missing || fieldError('receipt') ? <p className="text-xs text-red-700 dark:text-red-400">{missing ?? fieldError('receipt')}</p> : null}
        </div>
        {send.isError && !(isApiError(send.error) && send.error.details.length > 0) ? <Alert>{errorMessage(send.error)}</Alert> : null}
        <Button type="submit" className="w-full" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? 'Enviando...' : 'Enviar comprobante'}
        </Button>
      </form>
    </section>
  );
}

function ProofsSent({ view }: { view: RentProofView }) {
  return (
    <section aria-labelledby="sent-heading" className="space-y-2">
      <h2 id="sent-heading" className="text-base font-semibold">
        Comprobantes enviados
      </h2>
      {view.proofs.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Aún no ha enviado comprobantes.</p>
      ) : (
        <ul className="space-y-2">
          {view.proofs.map((proof) => (
            <li key={proof.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
              <p className="font-medium tabular-nums">
                {formatPesos(proof.amount)} · {formatDate(proof.paidOn)}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{proof.fileName}</p>
              <p className={proof.state === 'rejected' ? 'text-red-700 dark:text-red-400' : proof.state === 'accepted' ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-700 dark:text-slate-300'}>
                {proof.state === 'rejected' ? `${rentProofStateLabels.rejected}: ${proof.rejectReason ?? ''}` : rentProofStateLabels[proof.state]}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
