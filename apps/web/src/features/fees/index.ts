// Issue 34: what the expediente, the policy form, the lead's conversion and the dashboard show of the fee.
export { FeesSection } from './components/fees-section';
export { FeeQuotePreviewSummary } from './components/fee-quote-preview';
export { CollectionsCard } from './components/collections-card';
