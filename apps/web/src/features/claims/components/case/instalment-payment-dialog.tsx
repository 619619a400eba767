import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessDate,
  centsToMoney,
  formatPesos,
  instalmentPaymentInputSchema,
  moneyToCents,
  paymentMethodLabels,
  recordablePaymentMethods,
  type Instalment,
  type RecordablePaymentMethod,
} from '@portal/domain';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useInstalmentPayment } from '../../api/case';

interface PaymentValues {
  amount: string;
  receivedOn: string;
  method: RecordablePaymentMethod | '';
  reference: string;
}
type ParsedPayment = ReturnType<typeof instalmentPaymentInputSchema.parse>;

/** The API's own schema (a payment as the rents take it), so the form refuses what the server would. */
const resolver = zodResolver(instalmentPaymentInputSchema) as unknown as Resolver<PaymentValues, unknown, ParsedPayment>;
const shownFields = ['amount', 'receivedOn', 'method', 'reference'] as const;
const saveError = 'Error al registrar el pago';

/** 'Registrar pago' of an instalment: as a rent payment (amount, day, method, reference). */
export function InstalmentPaymentButton({ instalment, of }: { instalment: Instalment; of: number }) {
  const [open, setOpen] = useState(false);
  const name = `parcialidad ${instalment.seq} de ${of}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={`Registrar pago de la ${name}`}>
          Registrar pago
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Registrar pago de la ${name}`}
        description={`Vence el ${formatDate(instalment.dueOn)} por ${formatPesos(instalment.amount)}; pagado hasta hoy ${formatPesos(instalment.paid)}.`}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <PaymentForm instalment={instalment} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({ instalment, onDone }: { instalment: Instalment; onDone: () => void }) {
  const today = businessDate();
  const owed = Math.max(0, (moneyToCents(instalment.amount) ?? 0) - (moneyToCents(instalment.paid) ?? 0));
  const form = useForm<PaymentValues, unknown, ParsedPayment>({
    resolver,
    defaultValues: { amount: owed > 0 ? centsToMoney(owed) : '', receivedOn: today, method: '', reference: '' },
  });
  const pay = useInstalmentPayment();
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const save = async (payment: ParsedPayment) => {
    clearFailure();
    const amount = centsToMoney(payment.amount);
    try {
      await pay.mutateAsync({ instalmentId: instalment.id, body: { ...payment, amount } });
      notify.success('Pago registrado', `${formatPesos(amount)} · ${paymentMethodLabels[payment.method]}`);
      onDone();
    } catch (error) {
      showFailure(error, { title: saveError, shownFields, toast: () => notify.error(saveError) });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-4">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Importe" required inputMode="decimal" autoComplete="off" error={errors.amount?.message} {...register('amount')} />
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
