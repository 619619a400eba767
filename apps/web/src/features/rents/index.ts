// Issue 32: what the expediente shows of the policy's rents.
export { RentsSection } from './components/rents-section';
export { ArrearsCard } from './components/arrears-card';
