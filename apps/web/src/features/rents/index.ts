// Issue 32: what the expediente shows of the policy's rents.
export { RentsSection } from './components/rents-section';
export { ArrearsCard } from './components/arrears-card';
/** The tenant's page of a 'rent_proof' link (loaded by the link page after the aviso). */
export { TenantProofView } from './public/tenant-proof-view';
/** A payment's fields (amount, day, method, reference, receipt), shared with the fee's payments (issue 34). */
export { PaymentFormFields, type PaymentFormValues } from './components/payment-form-fields';
/** A recorded payment's lines in a list (what, reversal, who), shared with the fee's payments (issue 34). */
export { PaymentSummary } from './components/payment-summary';
