export { useDashboardStats, type DashboardScope } from './api';
