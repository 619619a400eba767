/**
 * The policies module's public face: its routes, the history other modules write to inside their
 * own transactions, and what the demo seed drives.
 */
export { policyRoutes } from './routes';
export { startSearchPages } from './search-pages';
export { insertEvent, loadPolicies, updatePolicyRow } from './repository';
export { changePolicyStatus, createPolicy, searchPolicies, updatePolicy, type SigningHook } from './service';
