export { policySearchQueryOptions, usePolicySearch, dashboardQueryOptions, useDashboardStats } from './api';
// List helpers other paged screens share (the addendum list pages and searches the same way).
export { LoadMore } from './components/load-more';
export { useDebouncedValue } from './components/use-debounced-value';
export { searchDebounceMs } from './components/use-policy-list';
