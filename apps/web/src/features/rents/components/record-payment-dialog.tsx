import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import {
  businessDate,
  centsToMoney,
  formatPesos,
  paymentInputSchema,
  paymentMethodLabels,
  rentMessages,
} from '@portal/domain';
import { notify } from '@/lib/toast';
import { PaymentFormFields, type PaymentFormValues } from './payment-form-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useRecordPayment } from '../api';
import { useLedgerVersion } from './use-ledger-version';
import { receiptAccept } from './rent-format';

/** What the API's schema makes of it: the amount in cents. */
type ParsedPayment = ReturnType<typeof paymentInputSchema.parse>;

/** The API's own schema, so the form refuses what the server would, with the same words. */
const resolver = zodResolver(paymentInputSchema) as unknown as Resolver<PaymentFormValues, unknown, ParsedPayment>;
const paymentFields = ['amount', 'receivedOn', 'method', 'reference', 'receipt'] as const;
const saveError = 'Error al registrar el pago';

/** 'Registrar pago' and its dialog; `version` is the ledger's as the section shows it. */
export function RecordPaymentButton({ policyId, version }: { policyId: number; version: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Registrar pago
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Registrar pago"
        description="El pago se aplica a los meses más antiguos con adeudo; lo que sobre queda como saldo a favor."
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        {/* Radix unmounts the content when closed: each opening starts blank, at the version then shown. */}
        <PaymentForm policyId={policyId} openedAt={version} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({ policyId, openedAt, onDone }: { policyId: number; openedAt: number; onDone: () => void }) {
  const today = businessDate();
  const form = useForm<PaymentFormValues, unknown, ParsedPayment>({
    resolver,
    defaultValues: { amount: '', receivedOn: today, method: '', reference: '' },
  });
  const record = useRecordPayment(policyId);
  const [receipt, setReceipt] = useState<File | null>(null);
  const { version, staleMessage, caughtStale, clearStale } = useLedgerVersion(policyId, openedAt);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { isSubmitting } = form.formState;

  const save = async (payment: ParsedPayment) => {
    clearFailure();
    clearStale();
    // The amount goes as the two-decimal string the API answers with ('18,500' → '18500.00').
    const amount = centsToMoney(payment.amount);
    try {
      await record.mutateAsync({ body: { ...payment, amount }, ifMatch: version, receipt });
      notify.success(rentMessages.recorded, `${formatPesos(amount)} · ${paymentMethodLabels[payment.method]}`);
      onDone();
    } catch (error) {
      if (caughtStale(error)) return;
      showFailure(error, { title: saveError, shownFields: paymentFields, toast: () => notify.error(saveError) });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-4">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      {staleMessage ? (
        <Alert>
          <p>{staleMessage}</p>
          <p className="mt-1">Las rentas ya se actualizaron: revise el calendario antes de registrar de nuevo.</p>
        </Alert>
      ) : null}
      <PaymentFormFields form={form} today={today} amountExample="18500.00" receipt={receipt} onReceipt={setReceipt} receiptAccept={receiptAccept} />
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
