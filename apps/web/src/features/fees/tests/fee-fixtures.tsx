import type { FeePayment, FeeTariff, Policy, PolicyFee, SessionUser } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { makePolicy, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { FeesSection } from '../components/fees-section';
import type { RenderInvoiceCell } from '../components/fee-payments-list';

export function feePayment(id: number, overrides: Partial<FeePayment> = {}): FeePayment {
  return {
    id,
    amount: '3000.00',
    receivedOn: '2027-03-09',
    method: 'transfer',
    reference: 'SPEI 123',
    recordedBy: 'Laura Méndez',
    recordedAt: '2027-03-09T17:00:00.000Z',
    reversal: null,
    receipt: null,
    invoice: null,
    ...overrides,
  };
}

/** A básica at $18,500: 6,475.00 + 1,036.00 IVA = 7,511.00, $3,000.00 collected. */
export function partialFee(overrides: Partial<PolicyFee> = {}): PolicyFee {
  return {
    policyId: 5,
    quote: {
      tariffVersion: 0,
      rentAmount: '18500.00',
      ratePercent: '35.00',
      minimum: '3500.00',
      ivaPercent: '16.00',
      baseAmount: '6475.00',
      extras: [],
      extrasAmount: '0.00',
      discount: '0.00',
      discountReason: '',
      discountBy: null,
      subtotal: '6475.00',
      iva: '1036.00',
      total: '7511.00',
      quotedAt: '2027-03-01T17:00:00.000Z',
    },
    payer: 'tenant',
    ownerSharePercent: null,
    shares: { owner: '0.00', tenant: '7511.00' },
    offeredExtras: [],
    payments: [feePayment(41)],
    collected: '3000.00',
    outstanding: '4511.00',
    state: 'partial',
    paidOn: null,
    version: 2,
    ...overrides,
  };
}

export function tariff(overrides: Partial<FeeTariff> = {}): FeeTariff {
  return { branchId: 1, branchName: 'Sucursal Polanco', policyType: 'basica', version: 0, ratePercent: '35.00', minimum: '3500.00', ivaPercent: '16.00', extras: [], createdBy: null, createdAt: null, ...overrides };
}

/** The section alone for policy 5, with the network given. */
export function renderFees(user: SessionUser, routes: Parameters<typeof mockFetch>[0], options: { policy?: Partial<Policy>; renderInvoiceCell?: RenderInvoiceCell } = {}) {
  storeSession(user);
  const net = mockFetch(routes);
  const view = renderRoute(<FeesSection policy={makePolicy({ id: 5, status: 'active', ...options.policy })} {...(options.renderInvoiceCell ? { renderInvoiceCell: options.renderInvoiceCell } : {})} />);
  return { ...net, ...view };
}
