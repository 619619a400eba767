export { ContractsPanel } from './components/contracts-panel';
export { policyContractsQueryKey } from './api';
