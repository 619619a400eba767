import { collectedBaseCents, earnedToDateCents, type FeeShare } from '@portal/domain';

/*
 * What a policy's pending commission entries should be, from its fee, its payments and what was
 * already paid (issue 34). Pure: the sync reads the facts and writes the difference.
 *
 * The rule is cumulative: once the standing payments up to one (by day received) add up to C,
 * the broker has earned round(min(C, total) × subtotal / total × percent / 100); each payment's
 * entry is what it adds to that, so the entries always add up to the earned-to-date figure.
 * A paid entry is never touched: what a payment should earn beyond (or short of) what was paid
 * for it is a new pending entry — negative when a payment was reversed after it was paid.
 */

export interface PaymentFact {
  id: number;
  amountCents: number;
  receivedOn: string;
  /** The day (Mexico City) it was reversed; null while it stands. */
  reversedOn: string | null;
}

export interface PaidEntryFact {
  brokerId: number;
  feePaymentId: number | null;
  baseCents: number;
  amountCents: number;
  percent: string;
}

export interface PlanInput {
  /** The quoted fee; null when the policy has none. */
  fee: FeeShare | null;
  /** The policy's broker now (rents.broker_id); null: nothing more is earned. */
  brokerId: number | null;
  /** Theirs, else the branch's. */
  percent: string;
  /** Ordered by day received, then id. */
  payments: PaymentFact[];
  paid: PaidEntryFact[];
}

export interface PlannedEntry {
  brokerId: number;
  feePaymentId: number;
  earnedOn: string;
  baseCents: number;
  percent: string;
  amountCents: number;
  note: string;
}

const planNotes = {
  reversed: 'Se descuenta: el pago de honorarios fue revertido',
  adjusted: 'Ajuste: cambió lo cobrado o los honorarios después de pagar la comisión',
} as const;

/** Each standing payment's share of the fee before IVA and of the commission, by the cumulative rule. */
function targetsByPayment(input: PlanInput): Map<number, { baseCents: number; amountCents: number }> {
  const targets = new Map<number, { baseCents: number; amountCents: number }>();
  if (!input.fee || input.brokerId === null) return targets;
  let collected = 0;
  let baseSoFar = 0;
  let earnedSoFar = 0;
  for (const payment of input.payments) {
    if (payment.reversedOn) continue;
    collected += payment.amountCents;
    const base = collectedBaseCents(collected, input.fee);
    const earned = earnedToDateCents(collected, input.fee, input.percent);
    targets.set(payment.id, { baseCents: base - baseSoFar, amountCents: earned - earnedSoFar });
    baseSoFar = base;
    earnedSoFar = earned;
  }
  return targets;
}

/** What was paid per payment and broker. */
function paidByPayment(paid: PaidEntryFact[]): Map<number, Map<number, PaidEntryFact>> {
  const byPayment = new Map<number, Map<number, PaidEntryFact>>();
  for (const entry of paid) {
    if (entry.feePaymentId === null) continue;
    const byBroker = byPayment.get(entry.feePaymentId) ?? new Map<number, PaidEntryFact>();
    const sum = byBroker.get(entry.brokerId);
    byBroker.set(entry.brokerId, sum ? { ...sum, baseCents: sum.baseCents + entry.baseCents, amountCents: sum.amountCents + entry.amountCents } : { ...entry });
    byPayment.set(entry.feePaymentId, byBroker);
  }
  return byPayment;
}

/** The pending entries the policy should have now. */
export function plannedPendingEntries(input: PlanInput): PlannedEntry[] {
  const targets = targetsByPayment(input);
  const paid = paidByPayment(input.paid);
  const planned: PlannedEntry[] = [];
  for (const payment of input.payments) {
    const paidHere = [...(paid.get(payment.id)?.values() ?? [])];
    if (payment.reversedOn) {
      // Take back from whoever was paid for it, on the day of the reversal.
      for (const entry of paidHere) {
        if (entry.amountCents === 0) continue;
        planned.push({ brokerId: entry.brokerId, feePaymentId: payment.id, earnedOn: payment.reversedOn, baseCents: -entry.baseCents, percent: entry.percent, amountCents: -entry.amountCents, note: planNotes.reversed });
      }
      continue;
    }
    const target = targets.get(payment.id);
    if (!target || input.brokerId === null) continue;
    const paidAmount = paidHere.reduce((sum, entry) => sum + entry.amountCents, 0);
    const paidBase = paidHere.reduce((sum, entry) => sum + entry.baseCents, 0);
    const amountCents = target.amountCents - paidAmount;
    if (amountCents === 0) continue;
    planned.push({
      brokerId: input.brokerId,
      feePaymentId: payment.id,
      earnedOn: payment.receivedOn,
      baseCents: target.baseCents - paidBase,
      percent: input.percent,
      amountCents,
      note: paidHere.length > 0 ? planNotes.adjusted : '',
    });
  }
  return planned;
}
