import { staffRoutes } from '../../plugins/auth';
import { policyRoutes } from './routes';

/**
 * The policies module's public face: its routes, the history other modules write to inside their
 * own transactions, and what the demo seed drives.
 */
// Its routes as app.ts registers them: every one wants a session.
export const policiesModule = staffRoutes(policyRoutes);
export { startSearchPages } from './search-pages';
export { insertEvent, loadPolicies, updatePolicyRow } from './repository';
export { changePolicyStatus, createPolicy, searchPolicies, updatePolicy, type SigningHook } from './service';
