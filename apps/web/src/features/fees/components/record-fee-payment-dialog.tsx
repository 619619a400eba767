import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { businessDate, centsToMoney, formatPesos, paymentInputSchema, paymentMethodLabels } from '@portal/domain';
import { notify } from '@/lib/toast';
import { PaymentFormFields, type PaymentFormValues } from '@/features/rents';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useRecordFeePayment } from '../api';
import { feeReceiptAccept } from './fee-format';
import { useFeeVersion } from './use-fee-version';

type ParsedPayment = ReturnType<typeof paymentInputSchema.parse>;

/** The rent payment's schema: the same fields, rules and words as the API's. */
const resolver = zodResolver(paymentInputSchema) as unknown as Resolver<PaymentFormValues, unknown, ParsedPayment>;
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
  const form = useForm<PaymentFormValues, unknown, ParsedPayment>({ resolver, defaultValues: { amount: outstanding, receivedOn: today, method: '', reference: '' } });
  const record = useRecordFeePayment(policyId);
  const [receipt, setReceipt] = useState<File | null>(null);
  const { version, staleMessage, caughtStale, clearStale } = useFeeVersion(policyId, openedAt);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { isSubmitting } = form.formState;

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
      <PaymentFormFields form={form} today={today} amountExample="7511.00" receipt={receipt} onReceipt={setReceipt} receiptAccept={feeReceiptAccept} />
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
