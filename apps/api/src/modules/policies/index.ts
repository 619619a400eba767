/** What other modules may use of policies: the scope rule and the history. */
export { ownScope as policyScope } from './service';
export { insertEvent, updatePolicyRow, type PolicyEventValues } from './repository';
