import { formatPesos } from '../rents/money';

/*
 * The deposit settlement of the acta de entrega-recepción (issue 32, decision 026's money): the
 * deposit less the damages, the rent still owed and the services left unpaid, in integer cents.
 * What is left goes back to the tenant; a negative result is what the tenant still owes.
 */

export interface SettlementInput {
  depositCents: number;
  damagesCents: readonly number[];
  unpaidRentCents: number;
  unpaidServicesCents: number;
}

export const settlementKinds = ['refund', 'owed', 'even'] as const;
export type SettlementKind = (typeof settlementKinds)[number];

export interface Settlement {
  depositCents: number;
  damagesCents: number;
  unpaidRentCents: number;
  unpaidServicesCents: number;
  /** deposit − damages − unpaid rent − unpaid services: positive → refund, negative → owed. */
  balanceCents: number;
  kind: SettlementKind;
  /** 'Reembolso al inquilino: $X', 'Adeudo del inquilino: $X' or 'Sin saldo pendiente: $0.00'. */
  label: string;
}

/** The people's reading of a balance: who pays whom, always as a positive amount. */
export function settlementLabel(balanceCents: number): string {
  if (balanceCents > 0) return `Reembolso al inquilino: ${formatPesos(balanceCents)}`;
  if (balanceCents < 0) return `Adeudo del inquilino: ${formatPesos(-balanceCents)}`;
  return `Sin saldo pendiente: ${formatPesos(0)}`;
}

/** Every figure is integer cents: the sums are exact, nothing is rounded. */
export function settleDeposit(input: SettlementInput): Settlement {
  for (const value of [input.depositCents, input.unpaidRentCents, input.unpaidServicesCents, ...input.damagesCents]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`settlement amounts are non-negative integer cents, got ${value}`);
  }
  const damagesCents = input.damagesCents.reduce((sum, amount) => sum + amount, 0);
  const balanceCents = input.depositCents - damagesCents - input.unpaidRentCents - input.unpaidServicesCents;
  return {
    depositCents: input.depositCents,
    damagesCents,
    unpaidRentCents: input.unpaidRentCents,
    unpaidServicesCents: input.unpaidServicesCents,
    balanceCents,
    kind: balanceCents > 0 ? 'refund' : balanceCents < 0 ? 'owed' : 'even',
    label: settlementLabel(balanceCents),
  };
}
