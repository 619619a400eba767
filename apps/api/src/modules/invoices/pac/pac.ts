/*
 * A PAC (proveedor autorizado de certificación) as the invoices module sees it (issue 34): issue a
 * CFDI, give back its XML and PDF, cancel it with the SAT's motive. Facturapi is the first
 * (facturapi.ts); another PAC is added by implementing this interface and choosing it in
 * createPac (index.ts). Messages a PAC refuses with reach the user: they are Spanish.
 */

interface PacCustomer {
  rfc: string;
  /** Upper case, without the régimen de capital (CFDI 4.0). */
  legalName: string;
  taxSystem: string;
  zip: string;
}

/** One concept, its unit price before IVA (two or six decimals: see domain invoices/amounts.ts). */
export interface PacIssueRequest {
  /** Ours for the invoice (its Idempotency-Key): the PAC keeps it, so a stamped invoice can be found by it. */
  externalId: string;
  customer: PacCustomer;
  use: string;
  paymentForm: string;
  paymentMethod: string;
  item: { description: string; productKey: string; unitKey: string; unitName: string; unitPrice: string; ivaPercent: string };
}

export interface PacInvoice {
  providerId: string;
  /** The folio fiscal the SAT gave it. */
  uuid: string;
  series: string;
  folioNumber: number | null;
  issuedAt: Date;
  /** false: stamped with a test key, without value before the SAT. */
  livemode: boolean;
}

export interface PacCancellation {
  /** 'canceled' when the SAT accepted at once; 'valid' while the customer must accept it. */
  status: 'canceled' | 'valid';
  /** The PAC's word: 'accepted', 'pending', 'verifying', 'rejected'… */
  cancellationStatus: string;
}

export interface Pac {
  /** Stored with each invoice ('facturapi'). */
  readonly name: string;
  /** A test key: its invoices are 'Factura de prueba'. */
  readonly testMode: boolean;
  issue(request: PacIssueRequest): Promise<PacInvoice>;
  downloadXml(providerId: string): Promise<Buffer>;
  downloadPdf(providerId: string): Promise<Buffer>;
  /** Motive 01 names the UUID of the invoice that replaces this one. */
  cancel(providerId: string, motive: string, replacementUuid?: string): Promise<PacCancellation>;
}

/**
 * A PAC's refusal or failure. 'rejected': it answered and said no (its message is for the user);
 * 'unavailable': no usable answer (network, timeout, its own error, our key refused).
 */
export class PacError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    /** The PAC's name for the field it refused ('customer.tax_id'), when it says. */
    readonly path?: string,
  ) {
    super(message);
    this.name = 'PacError';
  }
}
