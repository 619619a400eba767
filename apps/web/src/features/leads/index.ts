// What other features may need of leads. The page is loaded by the router on its own (its own chunk).
export { leadColumnsQueryOptions, leadsQueryOptions } from './api';
