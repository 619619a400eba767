export { policySearchQueryOptions, usePolicySearch, dashboardQueryOptions, useDashboardStats } from './api';
