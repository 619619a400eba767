import { staffRoutes } from '../../plugins/auth';
import { policyRoutes } from './routes';

/**
 * The policies module's public face: its routes, the history other modules write to inside their
 * own transactions, what the demo seed drives, and what a renewal or a termination
 * (policy-lifecycle) writes a policy with.
 */
// Its routes as app.ts registers them: every one wants a session.
export const policiesModule = staffRoutes(policyRoutes);
export { startSearchPages } from './search-pages';
export { insertEvent } from './repository/history';
export { insertWholePolicy } from './repository/insert-whole-policy';
export { lockPolicy, updatePolicyRow } from './repository/policy-row';
export { loadPolicies } from './repository/read';
export { withNewFolio } from './new-folio';
export { createPolicy } from './service/create';
export { getPolicy } from './service/read';
export { rowValues } from './service/row-values';
export { searchPolicies } from './service/search';
export { changePolicyStatus, updatePolicy } from './service/update';
export { noteLines, type SigningHook } from './service/write-steps';
