import { divideRounded, percentOfCents, rateToHundredths } from '../rents/money';

/*
 * A broker's commission in integer cents (issue 34, decision 026). Percentages are the two-decimal
 * strings of the database ('20.00'), read as hundredths of a percent (2000), so no float ever
 * enters the arithmetic; each figure is rounded to the centavo half away from zero, as the SAT does.
 */

export interface FeeShare {
  /** The fee before IVA. */
  subtotalCents: number;
  /** The fee with IVA: what is collected. */
  totalCents: number;
}

/**
 * The part of the fee before IVA that `collectedCents` pays for: the collected share of the total
 * (never more than all of it) times the subtotal, to the centavo.
 */
export function collectedBaseCents(collectedCents: number, fee: FeeShare): number {
  if (fee.totalCents <= 0) return 0;
  const collected = Math.min(Math.max(collectedCents, 0), fee.totalCents);
  return divideRounded(BigInt(collected) * BigInt(fee.subtotalCents), BigInt(fee.totalCents));
}

/**
 * What a broker has earned once `collectedCents` of the fee are in: round(min(collected, total) ×
 * subtotal / total × percent / 100), in one rounding. Half the fee collected earns half the
 * commission; the whole fee earns exactly round(subtotal × percent / 100).
 */
export function earnedToDateCents(collectedCents: number, fee: FeeShare, percent: string): number {
  if (fee.totalCents <= 0) return 0;
  const collected = Math.min(Math.max(collectedCents, 0), fee.totalCents);
  return divideRounded(BigInt(collected) * BigInt(fee.subtotalCents) * BigInt(rateToHundredths(percent ?? '') ?? 0), BigInt(fee.totalCents) * 10_000n);
}

export interface WithholdingPercents {
  commissionIvaPercent: string;
  isrWithholdingPercent: string;
  ivaWithholdingPercent: string;
}

export interface PayoutFigures {
  grossCents: number;
  ivaCents: number;
  isrWithheldCents: number;
  ivaWithheldCents: number;
  /** What is transferred: gross + IVA − both withholdings. */
  netCents: number;
}

/**
 * A payout's figures from the commissions it pays: IVA on the gross at the broker's rate, ISR and
 * IVA withheld at the broker's percentages of the gross (the office's rule, a setting per broker),
 * each rounded on its own line, then the net.
 */
export function payoutFigures(grossCents: number, percents: WithholdingPercents): PayoutFigures {
  const ivaCents = percentOfCents(grossCents, percents.commissionIvaPercent);
  const isrWithheldCents = percentOfCents(grossCents, percents.isrWithholdingPercent);
  const ivaWithheldCents = percentOfCents(grossCents, percents.ivaWithholdingPercent);
  return { grossCents, ivaCents, isrWithheldCents, ivaWithheldCents, netCents: grossCents + ivaCents - isrWithheldCents - ivaWithheldCents };
}
