import type { UseMutationResult } from '@tanstack/react-query';
import { claimMovementKindLabels, claimReversalInputSchema, formatPesos, type ClaimDetail, type ClaimMovement, type InstalmentPayment } from '@portal/domain';
import { formatDate } from '@/lib/dates';
import { ReasonConfirmDialog, reasonResult } from '@/components/ui/reason-confirm-dialog';
import { useReverseInstalmentPayment, useReverseMovement } from '../../api/case';

/*
 * 'Revertir' a case's money (issue 33): a cost, a recovery or a payout, or an instalment's
 * payment. Never edited: reversed once, with its reason, which stays beside it. One dialog for
 * both; each names what it reverses and calls its own endpoint.
 */

const reasonMax = 500;

/** 'Gastos de juzgado · $1,200.00 · 05 mar 2027'. */
export function movementTitle(movement: ClaimMovement): string {
  return `${claimMovementKindLabels[movement.kind]} · ${formatPesos(movement.amount)} · ${formatDate(movement.on)}`;
}

/** 'Pago de $18,500.00 del 05 mar 2027'. */
export function instalmentPaymentTitle(payment: InstalmentPayment): string {
  return `Pago de ${formatPesos(payment.amount)} del ${formatDate(payment.receivedOn)}`;
}

type Reversal = UseMutationResult<ClaimDetail, Error, { id: number; reason: string }>;

interface ReversalTexts {
  title: string;
  subject: string;
  effect: string;
  confirmLabel: string;
  done: string;
}

/** 'Revertir' a movement: mounted per opening, so the reason starts empty each time. */
export function ReverseMovementDialog({ movement, onClose }: { movement: ClaimMovement | null; onClose: () => void }) {
  const reverse = useReverseMovement();
  if (!movement) return null;
  const texts = { title: 'Revertir movimiento', subject: movementTitle(movement), effect: 'quedará tachado con su motivo y dejará de sumar en los totales', confirmLabel: 'Revertir movimiento', done: 'Movimiento revertido' };
  return <ReasonReversal key={movement.id} id={movement.id} texts={texts} reverse={reverse} onClose={onClose} />;
}

/** 'Revertir' an instalment's payment: the instalment owes it again and its recovery goes back too. */
export function ReverseInstalmentPaymentDialog({ payment, onClose }: { payment: InstalmentPayment | null; onClose: () => void }) {
  const reverse = useReverseInstalmentPayment();
  if (!payment) return null;
  const texts = { title: 'Revertir pago de la parcialidad', subject: instalmentPaymentTitle(payment), effect: 'quedará tachado con su motivo; la parcialidad vuelve a deberlo y su monto recuperado se revierte', confirmLabel: 'Revertir pago', done: 'Pago revertido' };
  return <ReasonReversal key={payment.id} id={payment.id} texts={texts} reverse={reverse} onClose={onClose} />;
}

/** The reason is checked with the API's own schema before anything is sent; the server's refusal goes under it. */
function ReasonReversal({ id, texts, reverse, onClose }: { id: number; texts: ReversalTexts; reverse: Reversal; onClose: () => void }) {
  return (
    <ReasonConfirmDialog
      title={texts.title}
      description={
        <>
          <span className="font-medium">{texts.subject}</span>: {texts.effect}. No se puede deshacer.
        </>
      }
      confirmLabel={texts.confirmLabel}
      reasonHint="Obligatorio. Quedará junto al pago o movimiento."
      reasonMax={reasonMax}
      done={texts.done}
      doneDetail={texts.subject}
      parse={(reason) => reasonResult(claimReversalInputSchema.safeParse({ reason }))}
      send={(reason, callbacks) => reverse.mutate({ id, reason }, callbacks)}
      busy={reverse.isPending}
      onClose={onClose}
    />
  );
}
