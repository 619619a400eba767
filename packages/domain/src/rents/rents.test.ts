import { describe, expect, it } from 'vitest';
import { allocatePayments, daysBetween, type ScheduleMonth } from './allocation';
import { rentConfirmationAnswerInputSchema, rentConfirmationMessages } from './confirmations';
import { centsToMoney, formatPesos, moneyToCents } from './money';
import { paymentInputSchema } from './rents';
import { arrearsSummary, periodLabel } from './rent-values';

describe('money', () => {
  it('reads amounts as cents and writes them with two decimals, never through a float', () => {
    expect(moneyToCents('18500')).toBe(1_850_000);
    expect(moneyToCents('18,500.5')).toBe(1_850_050);
    expect(moneyToCents('0.10')).toBe(10);
    expect(moneyToCents('1.234')).toBeNull();
    expect(moneyToCents('-5')).toBeNull();
    expect(centsToMoney(1_850_000)).toBe('18500.00');
    expect(centsToMoney(-5)).toBe('-0.05');
    expect(formatPesos('18500.00')).toBe('$18,500.00');
    expect(formatPesos(30)).toBe('$0.30');
  });

  it('accepts a payment as a string or a number with at most two decimals, and names the field otherwise', () => {
    expect(paymentInputSchema.parse({ amount: 0.1 + 0.2, receivedOn: '2026-12-01', method: 'cash' }).amount).toBe(30);
    expect(paymentInputSchema.parse({ amount: '18,500.00', receivedOn: '2026-12-01', method: 'transfer' }).amount).toBe(1_850_000);
    for (const amount of [0, -1, '0.001', 'mil', 1e15]) {
      const result = paymentInputSchema.safeParse({ amount, receivedOn: '2026-12-01', method: 'cash' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/Importe/);
    }
    expect(paymentInputSchema.safeParse({ amount: 1, receivedOn: '2026-02-30', method: 'cash' }).error?.issues[0]?.message).toMatch(/Fecha de recepción/);
    expect(paymentInputSchema.safeParse({ amount: 1, receivedOn: '2026-02-03', method: 'bitcoin' }).error?.issues[0]?.message).toMatch(/Forma de pago/);
  });
});

const month = (id: number, dueOn: string, amountDueCents = 1_850_000, graceDays = 5): ScheduleMonth => ({ id, dueOn, graceDays, amountDueCents, waived: false });
const year = [month(1, '2026-09-01'), month(2, '2026-10-01'), month(3, '2026-11-01'), month(4, '2026-12-01')];

describe('allocating payments', () => {
  it('applies each payment to the oldest month still owed, keeps a partial month partial, and leaves the rest as credit', () => {
    const result = allocatePayments(
      year,
      [
        { id: 10, amountCents: 1_850_000, receivedOn: '2026-09-03' },
        { id: 11, amountCents: 1_000_000, receivedOn: '2026-10-20' },
      ],
      '2026-10-20',
    );
    expect(result.months.map((m) => [m.paidCents, m.state])).toEqual([
      [1_850_000, 'paid'],
      [1_000_000, 'overdue'],
      [0, 'pending'],
      [0, 'pending'],
    ]);
    expect(result.allocations).toEqual([
      { paymentId: 10, monthId: 1, amountCents: 1_850_000 },
      { paymentId: 11, monthId: 2, amountCents: 1_000_000 },
    ]);
    expect(result.creditCents).toBe(0);
  });

  it('tells a month paid on time (within the grace days) from one paid late, and one partly paid before its deadline', () => {
    const result = allocatePayments(
      year,
      [
        { id: 1, amountCents: 1_850_000, receivedOn: '2026-09-06' },
        { id: 2, amountCents: 1_850_000, receivedOn: '2026-10-07' },
        { id: 3, amountCents: 500_000, receivedOn: '2026-10-07' },
      ],
      '2026-10-07',
    );
    expect(result.months.map((m) => m.state)).toEqual(['paid', 'paid_late', 'partial', 'pending']);
    expect(result.months[1]!.paidOn).toBe('2026-10-07');
  });

  it('skips a waived month, and puts what is over the whole term into credit', () => {
    const waived = year.map((m) => (m.id === 2 ? { ...m, waived: true } : m));
    const result = allocatePayments(waived, [{ id: 1, amountCents: 1_850_000 * 4, receivedOn: '2026-09-01' }], '2026-09-01');
    expect(result.months.map((m) => m.state)).toEqual(['paid', 'waived', 'paid', 'paid']);
    expect(result.creditCents).toBe(1_850_000);
  });

  it('after a reversal the later payment moves back onto the oldest month', () => {
    const result = allocatePayments(year, [{ id: 2, amountCents: 1_850_000, receivedOn: '2026-10-01' }], '2026-10-01');
    expect(result.months.map((m) => m.state)).toEqual(['paid_late', 'pending', 'pending', 'pending']);
  });
});

describe('words', () => {
  it('names periods and arrears as the policy shows them', () => {
    expect(periodLabel('2026-12')).toBe('diciembre 2026');
    expect(arrearsSummary({ months: 0, amount: '0.00', daysLate: 0 })).toBe('Al corriente');
    expect(arrearsSummary({ months: 1, amount: '18500.00', daysLate: 12 })).toBe('Atraso: 1 mes, $18,500.00, 12 días');
    expect(daysBetween('2026-12-01', '2026-12-13')).toBe(12);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });
});

describe("the owner's confirmation", () => {
  it('asks about the month with its amount, and takes an amount only with a partial answer, naming the field', () => {
    expect(rentConfirmationMessages.question('2026-12', '18500.00')).toBe('¿Recibió la renta de diciembre 2026 ($18,500.00)?');
    expect(rentConfirmationAnswerInputSchema.parse({ answer: 'partial', amount: '9,000.50' })).toEqual({ answer: 'partial', amount: 900_050 });
    expect(rentConfirmationAnswerInputSchema.parse({ answer: 'full' })).toEqual({ answer: 'full' });
    const missing = rentConfirmationAnswerInputSchema.safeParse({ answer: 'partial' });
    expect(missing.error?.issues[0]).toMatchObject({ path: ['amount'], message: 'El campo Importe es obligatorio' });
    for (const amount of [0, '1.001', 'mucho']) {
      expect(rentConfirmationAnswerInputSchema.safeParse({ answer: 'partial', amount }).error?.issues[0]?.path).toEqual(['amount']);
    }
    expect(rentConfirmationAnswerInputSchema.safeParse({ answer: 'maybe' }).error?.issues[0]?.path).toEqual(['answer']);
  });

  it('keeps the payment method staff may type apart from the one an owner confirms', () => {
    expect(paymentInputSchema.safeParse({ amount: 1, receivedOn: '2026-12-01', method: 'owner_report' }).error?.issues[0]?.message).toMatch(/Forma de pago/);
  });
});
