/** What other features may use of the invoices (issue 34): a fee payment's 'Facturar' or its invoice. */
export { FeePaymentInvoice } from './components/fee-payment-invoice';
