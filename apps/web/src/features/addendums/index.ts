// What other features may need of addendums. The pages are loaded by the router on their own
// (each its own chunk).
export { addendumSearchQueryOptions, addendumQueryOptions } from './api';
