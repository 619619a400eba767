// What other features may need of appointments. The page is loaded by the router on its own
// (its own chunk).
export { appointmentRangeQueryOptions, appointmentSearchQueryOptions } from './api';
