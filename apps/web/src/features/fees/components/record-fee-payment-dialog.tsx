import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { businessDate, centsToMoney, formatPesos, paymentInputSchema, paymentMethodLabels, recordablePaymentMethods, type RecordablePaymentMethod } from '@portal/domain';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { FilePicker } from '@/components/ui/file-picker';
import { useRecordFeePayment } from '../api';
import { feeReceiptAccept } from './fee-format';
import { useFeeVersion } from './use-fee-version';

interface FeePaymentFormValues {
  receipt?: string;
  amount: string;
  receivedOn: string;
  method: RecordablePaymentMethod | '';
  reference: string;
}
type ParsedPayment = ReturnType<typeof paymentInputSchema.parse>;

/** The rent payment's schema: the same fields, rules and words as the API's. */
const resolver = zodResolver(paymentInputSchema) as unknown as Resolver<FeePaymentFormValues, unknown, ParsedPayment>;
const shownFields = ['amount', 'receivedOn', 'method', 'reference', 'receipt'] as const;
const saveError = 'Error al registrar el pago de honorarios';

/** 'Registrar pago' of the fee; the amount starts at what is still owed. */
export function RecordFeePaymentButton({ policyId, version, outstanding }: { policyId: number; version: number; outstanding: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Registrar pago
        </Button>
      </DialogTrigger>
      <DialogContent title="Registrar pago de honorarios" description={`Saldo pendiente: ${formatPesos(outstanding)}. No se admite un importe mayor.`} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <FeePaymentForm policyId={policyId} openedAt={version} outstanding={outstanding} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function FeePaymentForm({ policyId, openedAt, outstanding, onDone }: { policyId: number; openedAt: number; outstanding: string; onDone: () => void }) {
  const today = businessDate();
  const form = useForm<FeePaymentFormValues, unknown, ParsedPayment>({ resolver, defaultValues: { amount: outstanding, receivedOn: today, method: '', reference: '' } });
  const record = useRecordFeePayment(policyId);
  const [receipt, setReceipt] = useState<File | null>(null);
  const { version, staleMessage, caughtStale, clearStale } = useFeeVersion(policyId, openedAt);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const save = async (payment: ParsedPayment) => {
    clearFailure();
    clearStale();
    const amount = centsToMoney(payment.amount);
    try {
      await record.mutateAsync({ body: { ...payment, amount }, ifMatch: version, receipt });
      notify.success('Pago de honorarios registrado', `${formatPesos(amount)} · ${paymentMethodLabels[payment.method]}`);
      onDone();
    } catch (error) {
      if (caughtStale(error)) return;
      showFailure(error, { title: saveError, shownFields, toast: () => notify.error(saveError) });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-4">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      {staleMessage ? (
        <Alert>
          <p>{staleMessage}</p>
          <p className="mt-1">Los honorarios ya se actualizaron: revise el saldo antes de registrar de nuevo.</p>
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Importe" required inputMode="decimal" autoComplete="off" hint="En pesos, por ejemplo 7511.00" error={errors.amount?.message} {...register('amount')} />
        <TextField label="Fecha de recepción" required type="date" max={today} error={errors.receivedOn?.message} {...register('receivedOn')} />
        <SelectField label="Forma de pago" required error={errors.method?.message} {...register('method')}>
          <option value="">Seleccione la forma de pago</option>
          {recordablePaymentMethods.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabels[method]}
            </option>
          ))}
        </SelectField>
        <TextField label="Referencia" autoComplete="off" maxLength={100} hint="Opcional: folio SPEI, número de cheque..." error={errors.reference?.message} {...register('reference')} />
        <div className="space-y-1.5 sm:col-span-2">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Comprobante</p>
          <FilePicker label="Seleccionar archivo: Comprobante" accept={feeReceiptAccept} disabled={isSubmitting} fileName={receipt?.name} onChange={setReceipt} />
          <p className="text-xs text-slate-500 dark:text-slate-400">Opcional: PDF, JPG o PNG.</p>
          {errors.receipt?.message ? <p className="text-xs text-red-700 dark:text-red-400">{errors.receipt.message}</p> : null}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Registrando...' : 'Registrar pago'}
        </Button>
      </div>
    </form>
  );
}
