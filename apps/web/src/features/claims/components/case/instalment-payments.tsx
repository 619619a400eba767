import { useState } from 'react';
import { paymentMethodLabels, type Instalment, type InstalmentPayment } from '@portal/domain';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { ReverseInstalmentPaymentDialog, instalmentPaymentTitle } from './reversal-dialog';

/**
 * An instalment's payments under its row: method and reference, who recorded it; a reversed one
 * struck through with its reason. 'Revertir' for those who answer for the money.
 */
export function InstalmentPayments({ instalment, canReverse }: { instalment: Instalment; canReverse: boolean }) {
  const [reversing, setReversing] = useState<InstalmentPayment | null>(null);
  if (instalment.payments.length === 0) return null;
  return (
    <>
      <ul aria-label={`Pagos de la parcialidad ${instalment.seq}`} className="mt-2 space-y-1 text-xs text-slate-600 dark:text-slate-400">
        {instalment.payments.map((payment) => (
          <li key={payment.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className={cn(payment.reversedAt && 'line-through')}>
              {instalmentPaymentTitle(payment)} · {paymentMethodLabels[payment.method]}
              {payment.reference ? ` · ${payment.reference}` : ''} · {payment.recordedBy}
            </span>
            {payment.reversedAt ? <span className="text-red-700 dark:text-red-400">Revertido: {payment.reversalReason}</span> : null}
            {canReverse && !payment.reversedAt ? (
              <Button size="sm" variant="ghost" aria-label={`Revertir ${instalmentPaymentTitle(payment).toLowerCase()}`} onClick={() => setReversing(payment)}>
                Revertir
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ReverseInstalmentPaymentDialog payment={reversing} onClose={() => setReversing(null)} />
    </>
  );
}
