import { centsToMoney, moneyToCents } from '../rents/money';

/*
 * A fee payment's CFDI amounts (issue 34). The payment is what was collected, IVA included; the
 * invoice is one concept whose unit price is before IVA (tax_included: false), and the PAC computes
 * as the SAT does: IVA = price × rate rounded to the centavo (half away from zero), total =
 * subtotal + IVA. So the price is chosen for the PAC's total to equal the payment:
 *
 * 1. subtotal = payment / (1 + rate), rounded to the centavo; if subtotal + its IVA misses the
 *    payment by a centavo, the neighbouring centavo that hits it ($7,511.00 → $6,475.00 +
 *    $1,036.00; $1,000.00 → $862.07 + $137.93).
 * 2. About one payment in seven cannot be reached with a price in centavos (IVA jumps two centavos
 *    at once there). Then the price carries six decimals, as CFDI 4.0 allows a ValorUnitario
 *    (payment / 1.16 = 862.068966…): the PAC rounds the subtotal and the IVA at the comprobante's
 *    level and their sum is the payment. The stored subtotal is that rounded one, IVA the rest.
 */

export interface InvoiceAmounts {
  /** The concept's unit price before IVA, as sent to the PAC: two decimals, or six when needed. */
  unitPrice: string;
  subtotal: string;
  iva: string;
  total: string;
}

/** a / b rounded half away from zero, for non-negative integers. */
function roundedDivision(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** '16.00' → 1600 basis points. */
function basisPoints(percent: string): number {
  return moneyToCents(percent) ?? 0;
}

/** IVA in centavos on a subtotal in centavos, as the PAC computes it. */
function ivaCents(subtotalCents: number, rateBasisPoints: number): number {
  return roundedDivision(subtotalCents * rateBasisPoints, 10_000);
}

/** The amounts of an invoice for a payment of `totalCents`, IVA at `ivaPercent` ('16.00') included. */
export function invoiceAmounts(totalCents: number, ivaPercent: string): InvoiceAmounts {
  const rate = basisPoints(ivaPercent);
  const estimate = roundedDivision(totalCents * 10_000, 10_000 + rate);
  for (const subtotal of [estimate, estimate - 1, estimate + 1]) {
    if (subtotal >= 0 && subtotal + ivaCents(subtotal, rate) === totalCents) {
      return { unitPrice: centsToMoney(subtotal), subtotal: centsToMoney(subtotal), iva: centsToMoney(totalCents - subtotal), total: centsToMoney(totalCents) };
    }
  }
  // Millionths of a peso: total × 10⁴ × 10⁴ / (10⁴ + rate) may pass 2⁵³, so BigInt.
  const micros = (BigInt(totalCents) * 10_000n * 10_000n * 2n + BigInt(10_000 + rate)) / (2n * BigInt(10_000 + rate));
  const subtotal = Number((micros + 5_000n) / 10_000n);
  const unitPrice = `${micros / 1_000_000n}.${String(micros % 1_000_000n).padStart(6, '0')}`;
  return { unitPrice, subtotal: centsToMoney(subtotal), iva: centsToMoney(totalCents - subtotal), total: centsToMoney(totalCents) };
}
