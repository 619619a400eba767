export { useDashboardStats, type DashboardScope } from './api';
/** The expediente's anchored section, for the sections other features render there ('Rentas', issue 32). */
export { FileSection } from './components/policy-file/file-section';
