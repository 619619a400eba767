import type { Lead, LeadFormValues } from '@portal/domain';

/** The inputs of the dialog, by the names the API's 400 `details` use. */
export const leadFormFields = ['name', 'phone', 'phonewhats', 'source', 'server', 'apikey', 'notes'] as const;

export function newLeadFormValues(): LeadFormValues {
  return { name: '', phone: '', phonewhats: '', source: '', server: '', apikey: '', notes: '' };
}

/** A stored lead as the dialog edits it; its notes are not edited here (they are only added). */
export function leadToFormValues(lead: Lead): LeadFormValues {
  return {
    name: lead.name,
    phone: lead.phone,
    phonewhats: lead.phonewhats,
    source: lead.source as LeadFormValues['source'],
    server: lead.server,
    apikey: lead.apikey,
    notes: '',
  };
}
