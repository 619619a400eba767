import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import { branchIdParamsSchema } from '../common/params';
import { dashboardStatsSchema } from './dashboard';
import { policyEventListSchema } from './policy-event';
import { policyInputSchema, policyUpdateBodySchema } from './policy-input';
import { policyTerminationInputSchema } from './policy-lifecycle';
import { policySchema } from './policy-response';
import { renewalInputSchema, renewalProposalSchema, renewalSchema } from './renewal-rent';
import { policyAgentListSchema, policyAgentsQuerySchema, policyExportQuerySchema, policySearchQuerySchema, policySearchResultSchema } from './policy-search';

/** Policies: the search and its export, one policy, its history, the dashboard's counts and the writes (decision 024). */
export const policyEndpoints = {
  /** The list's and tracking's pages; also the folio lookups of the other screens. */
  search: endpoint({ method: 'GET', path: '/api/policy/search', query: policySearchQuerySchema, response: policySearchResultSchema }),
  /** The CSV or XLSX file of every policy the search's filters select. */
  export: endpoint({ method: 'GET', path: '/api/policy/export', query: policyExportQuerySchema }),
  agents: endpoint({ method: 'GET', path: '/api/policy/agents', query: policyAgentsQuerySchema, response: policyAgentListSchema }),
  get: endpoint({ method: 'GET', path: '/api/policy/unique/:id', params: idParamsSchema, response: policySchema }),
  events: endpoint({ method: 'GET', path: '/api/policy/:id/events', params: idParamsSchema, response: policyEventListSchema }),
  /** Every branch's counts (admins), or the caller's own branch's. */
  dashboard: endpoint({ method: 'GET', path: '/api/policy/dashboard', response: dashboardStatsSchema }),
  branchDashboard: endpoint({ method: 'GET', path: '/api/policy/dashboard/:branchId', params: branchIdParamsSchema, response: dashboardStatsSchema }),
  create: endpoint({ method: 'POST', path: '/api/policy', body: policyInputSchema, response: policySchema, status: 201 }),
  /** The full form (If-Match: its version), or the row menu's status change. */
  update: endpoint({ method: 'POST', path: '/api/policy/update/:id', params: idParamsSchema, body: policyUpdateBodySchema, response: policySchema }),
  /** The renewal's proposal: the current rent, the rent raised by the branch's cap, the cap and its source. */
  renewalProposal: endpoint({ method: 'GET', path: '/api/policy/:id/renewal', params: idParamsSchema, response: renewalProposalSchema }),
  /** With `rent`, the renewal's rent (a warning in `rentWarning` when above the cap, never a refusal); without, the current one. */
  renew: endpoint({ method: 'POST', path: '/api/policy/:id/renew', params: idParamsSchema, body: renewalInputSchema, response: renewalSchema, status: 201 }),
  terminate: endpoint({ method: 'POST', path: '/api/policy/:id/terminate', params: idParamsSchema, body: policyTerminationInputSchema, response: policySchema }),
};
