import type { UseFormReturn } from 'react-hook-form';
import { paymentMethodLabels, recordablePaymentMethods, type RecordablePaymentMethod } from '@portal/domain';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { FilePicker } from '@/components/ui/file-picker';

/** What a payment form holds (rents, issue 32; the fee, issue 34): text as typed; the method is '' until one is chosen. */
export interface PaymentFormValues {
  /** Only to show the server's refusal of the file under its input. */
  receipt?: string;
  amount: string;
  receivedOn: string;
  method: RecordablePaymentMethod | '';
  reference: string;
}

interface PaymentFormFieldsProps {
  form: UseFormReturn<PaymentFormValues, unknown, unknown>;
  /** The latest day a payment may be received on (today in Mexico City). */
  today: string;
  /** An example of the amount, e.g. 18500.00. */
  amountExample: string;
  receipt: File | null;
  onReceipt: (file: File | null) => void;
  receiptAccept: string;
}

/** A payment's fields as staff record it: amount, day received, method, reference and its receipt. */
export function PaymentFormFields({ form, today, amountExample, receipt, onReceipt, receiptAccept }: PaymentFormFieldsProps) {
  const { register } = form;
  const { errors, isSubmitting } = form.formState;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField label="Importe" required inputMode="decimal" autoComplete="off" hint={`En pesos, por ejemplo ${amountExample}`} error={errors.amount?.message} {...register('amount')} />
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
        <FilePicker label="Seleccionar archivo: Comprobante" accept={receiptAccept} disabled={isSubmitting} fileName={receipt?.name} onChange={onReceipt} />
        <p className="text-xs text-slate-500 dark:text-slate-400">Opcional: PDF, JPG o PNG.</p>
        {errors.receipt?.message ? <p className="text-xs text-red-700 dark:text-red-400">{errors.receipt.message}</p> : null}
      </div>
    </div>
  );
}
