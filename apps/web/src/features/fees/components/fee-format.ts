import { feePayerLabels, formatPesos, paymentMethodLabels, type FeePayment, type FeeState, type PolicyFee } from '@portal/domain';
import { formatDate } from '@/lib/dates';

/** The state badge's tone: Pagada green, Parcial brand, Pendiente neutral. */
export const feeStateTone: Record<FeeState, 'success' | 'brand' | 'neutral'> = { paid: 'success', partial: 'brand', pending: 'neutral' };

/** '09 mar 2027 · $3,000.00 · Transferencia / SPEI'. */
export function feePaymentTitle(payment: FeePayment): string {
  return `${formatDate(payment.receivedOn)} · ${formatPesos(payment.amount)} · ${paymentMethodLabels[payment.method]}`;
}

/** 'Inquilino', 'Propietario', or 'Compartido: propietario 50.00 % ($3,755.50), inquilino $3,755.50'. */
export function payerText(fee: PolicyFee): string {
  if (fee.payer !== 'split') return feePayerLabels[fee.payer];
  return `${feePayerLabels.split}: propietario ${fee.ownerSharePercent} % (${formatPesos(fee.shares.owner)}), inquilino ${formatPesos(fee.shares.tenant)}`;
}

/** The accepted comprobantes, as the rents' (PDF, JPG, PNG). */
export const feeReceiptAccept = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
