/*
 * CFDI 4.0 invoices of fee payments (issue 34): their states and the SAT's cancellation motives.
 * The SAT's catalogues (régimen fiscal, uso del CFDI, forma de pago) are in sat-catalogs.ts.
 */

/** issuing: the PAC was asked and has not answered (the row holds the idempotency key); valid; cancelled. */
export const invoiceStates = ['issuing', 'valid', 'canceled'] as const;
export type InvoiceState = (typeof invoiceStates)[number];
export const invoiceStateLabels: Record<InvoiceState, string> = {
  issuing: 'Timbrando',
  valid: 'Vigente',
  canceled: 'Cancelada',
};

/** The SAT's cancellation motives (Anexo 20, 2022). Motive 01 needs the invoice that replaces it. */
export const invoiceCancelMotives = ['01', '02', '03', '04'] as const;
export type InvoiceCancelMotive = (typeof invoiceCancelMotives)[number];
export const invoiceCancelMotiveLabels: Record<InvoiceCancelMotive, string> = {
  '01': '01 · Comprobante emitido con errores con relación',
  '02': '02 · Comprobante emitido con errores sin relación',
  '03': '03 · No se llevó a cabo la operación',
  '04': '04 · Operación nominativa relacionada en una factura global',
};
