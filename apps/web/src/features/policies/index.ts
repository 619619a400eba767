export { useDashboardStats } from './api';
