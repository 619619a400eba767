/** What other features use of the leads: the policy form's conversion and the expediente's 'Lead de origen'. */
export { convertLead, useLead } from './api';
export { OriginLeadLink } from './components/origin-lead-link';
export { leadPrefillOfPolicy } from './components/lead-prefill';
