export { ContractsPanel } from './components/contracts-panel';
