import type { Invoice } from '@portal/domain';

/** A test invoice of policy 5's payment 9: F12, $7,511.00, Vigente. */
export function issued(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 40,
    policyId: 5,
    feePaymentId: 9,
    state: 'valid',
    livemode: false,
    uuid: '6F9A6F43-3B0B-4C33-9E57-0E3E6D5B2A11',
    series: 'F',
    folioNumber: 12,
    customer: { rfc: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE', taxSystem: '601', zip: '42501' },
    use: 'G03',
    paymentForm: '03',
    paymentMethod: 'PUE',
    productKey: '80121704',
    description: 'Honorarios',
    subtotal: '6475.00',
    iva: '1036.00',
    total: '7511.00',
    issuedAt: '2026-11-20T18:00:00.000Z',
    createdAt: '2026-11-20T18:00:00.000Z',
    cancelMotive: null,
    replacementInvoiceId: null,
    cancellationStatus: null,
    canceledAt: null,
    ...overrides,
  };
}
