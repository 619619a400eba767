import type { Policy, RentLedger, RentMonth, RentPayment, SessionUser } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { makePolicy, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { RentsSection } from '../components/rents-section';

/** Month `index` of a year from December 2026: $18,500.00 due on the 1st, 5 days' grace, pending. */
export function month(index: number, overrides: Partial<RentMonth> = {}): RentMonth {
  const year = 2026 + Math.floor((11 + index) / 12);
  const number = ((11 + index) % 12) + 1;
  const period = `${year}-${String(number).padStart(2, '0')}`;
  return {
    id: 100 + index,
    period,
    dueOn: `${period}-01`,
    graceDays: 5,
    amountDue: '18500.00',
    paid: '0.00',
    owed: '18500.00',
    state: 'pending',
    daysLate: 0,
    interest: '0.00',
    paidOn: null,
    pagare: { number: index + 1, of: 12, state: 'custody' },
    waivedReason: null,
    confirmation: null,
    ...overrides,
  };
}

export function payment(id: number, overrides: Partial<RentPayment> = {}): RentPayment {
  return {
    id,
    amount: '18500.00',
    receivedOn: '2026-12-03',
    method: 'transfer',
    reference: 'SPEI 123',
    recordedBy: 'Laura Méndez',
    recordedAt: '2026-12-03T17:00:00.000Z',
    appliedTo: [{ period: '2026-12', amount: '18500.00' }],
    reversal: null,
    receipt: null,
    ...overrides,
  };
}

/**
 * On 10 March 2027: December paid, January paid late, February partly paid and March owed — two
 * months in arrears — with the rest of the year pending.
 */
export function arrearsLedger(overrides: Partial<RentLedger> = {}): RentLedger {
  return {
    policyId: 5,
    scheduled: true,
    rows: [
      month(0, { paid: '18500.00', owed: '0.00', state: 'paid', paidOn: '2026-12-03', pagare: { number: 1, of: 12, state: 'paid' } }),
      month(1, { paid: '18500.00', owed: '0.00', state: 'paid_late', daysLate: 19, paidOn: '2027-01-20', pagare: { number: 2, of: 12, state: 'paid' } }),
      month(2, { paid: '10000.00', owed: '8500.00', state: 'overdue', daysLate: 37, pagare: { number: 3, of: 12, state: 'overdue' } }),
      month(3, { state: 'overdue', daysLate: 9, pagare: { number: 4, of: 12, state: 'overdue' } }),
      ...Array.from({ length: 8 }, (_, index) => month(index + 4)),
    ],
    payments: [
      payment(31),
      payment(32, { receivedOn: '2027-01-20', method: 'cash', reference: '', appliedTo: [{ period: '2027-01', amount: '18500.00' }] }),
      payment(33, { amount: '10000.00', receivedOn: '2027-02-03', method: 'deposit', reference: '', appliedTo: [{ period: '2027-02', amount: '10000.00' }] }),
    ],
    totals: { due: '222000.00', paid: '47000.00', owed: '175000.00', credit: '0.00' },
    arrears: { months: 2, amount: '27000.00', daysLate: 37, interest: '0.00' },
    lateInterestMonthlyRate: null,
    version: 4,
    ...overrides,
  };
}

/** Before activation: the schedule's preview, nothing paid, no version yet. */
export function previewLedger(): RentLedger {
  return { ...arrearsLedger(), scheduled: false, rows: Array.from({ length: 12 }, (_, index) => month(index)), payments: [], totals: { due: '222000.00', paid: '0.00', owed: '222000.00', credit: '0.00' }, arrears: { months: 0, amount: '0.00', daysLate: 0, interest: '0.00' }, version: 0 };
}

/** The section alone, for policy 5 (active unless told), with the network given. */
export function renderRents(user: SessionUser, routes: Parameters<typeof mockFetch>[0], policy: Partial<Policy> = {}) {
  storeSession(user);
  const net = mockFetch(routes);
  const view = renderRoute(<RentsSection policy={makePolicy({ id: 5, status: 'active', ...policy })} />);
  return { ...net, ...view };
}
