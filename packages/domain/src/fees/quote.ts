import { centsToMoney, moneyToCents, percentOfCents } from '../rents/money';

/*
 * The fee's quote (issue 34), one pure rule for the API, the web's preview and the SQL that
 * quotes a policy when its rent is known (migration 0044 writes the same arithmetic; a test
 * proves they agree). Integer cents throughout; each line is rounded to the centavo half away
 * from zero, then the totals are sums, as the SAT does (decision 026).
 */

/** An extra of the tariff applied to a quote (e.g. the investigation of an additional guarantor). */
export interface FeeExtraLine {
  key: string;
  label: string;
  /** Two decimals, before IVA. */
  amount: string;
}

export interface FeeQuoteInput {
  /** The monthly rent, two decimals. */
  rent: string;
  /** '35.00' (% of one month's rent). */
  ratePercent: string;
  minimum: string;
  ivaPercent: string;
  extras?: readonly FeeExtraLine[];
  /** A manager's discount, before IVA; '0.00' when none. */
  discount?: string;
}

export interface FeeQuote {
  /** max(rent × rate, minimum). */
  baseAmount: string;
  extrasAmount: string;
  discount: string;
  /** base + extras − discount, before IVA. */
  subtotal: string;
  iva: string;
  total: string;
}

const cents = (text: string): number => moneyToCents(text) ?? 0;

/** The fee in cents: each figure of `FeeQuote` as integer cents. */
export function quoteFeeCents(input: FeeQuoteInput): Record<keyof FeeQuote, number> {
  const baseAmount = Math.max(percentOfCents(cents(input.rent), input.ratePercent), cents(input.minimum));
  const extrasAmount = (input.extras ?? []).reduce((sum, extra) => sum + cents(extra.amount), 0);
  const discount = Math.min(cents(input.discount ?? '0'), baseAmount + extrasAmount);
  const subtotal = baseAmount + extrasAmount - discount;
  const iva = percentOfCents(subtotal, input.ivaPercent);
  return { baseAmount, extrasAmount, discount, subtotal, iva, total: subtotal + iva };
}

/** The fee as two-decimal strings: a básica at $18,500 quotes 6475.00 + 1036.00 IVA = 7511.00. */
export function quoteFee(input: FeeQuoteInput): FeeQuote {
  const quote = quoteFeeCents(input);
  return {
    baseAmount: centsToMoney(quote.baseAmount),
    extrasAmount: centsToMoney(quote.extrasAmount),
    discount: centsToMoney(quote.discount),
    subtotal: centsToMoney(quote.subtotal),
    iva: centsToMoney(quote.iva),
    total: centsToMoney(quote.total),
  };
}
