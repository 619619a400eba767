import type { Broker, BrokerCommissions, CommissionEntry } from '@portal/domain';

export function makeBroker(overrides: Partial<Broker> = {}): Broker {
  return {
    id: 4,
    branchId: 1,
    branchName: 'Polanco',
    kind: 'asesor',
    name: 'Laura Gómez',
    rfc: 'COSC8001137NA',
    contactName: '',
    email: 'laura@example.mx',
    phone: '+525590004000',
    bank: 'BBVA',
    clabe: '032180000118359719',
    accountHolder: 'Laura Gómez',
    commissionPercent: null,
    effectiveCommissionPercent: '20.00',
    commissionIvaPercent: '16.00',
    isrWithholdingPercent: '10.00',
    ivaWithholdingPercent: '10.67',
    notes: '',
    status: 'active',
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    version: 2,
    ...overrides,
  };
}

export function makeEntry(id: number, amount: string, overrides: Partial<CommissionEntry> = {}): CommissionEntry {
  return {
    id,
    policyId: 10 + id,
    folio: `INV-${id}`,
    tenantNames: 'Juan Pérez',
    address: 'Calle 1, Centro',
    feePaymentId: 100 + id,
    earnedOn: '2027-01-10',
    base: '3237.50',
    percent: '20.00',
    amount,
    note: '',
    state: 'pending',
    payout: null,
    ...overrides,
  };
}

export function makeCommissions(entries: CommissionEntry[]): BrokerCommissions {
  return { brokerId: 4, entries, totals: { pending: '1295.00', paid: '0.00' }, payouts: [] };
}
