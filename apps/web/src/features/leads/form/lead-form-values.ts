import { formatPhone, type Lead, type LeadFormValues } from '@portal/domain';

/** The inputs of the dialog, by the names the API's 400 `details` use. */
export const leadFormFields = ['name', 'phone', 'phonewhats', 'email', 'source', 'server', 'apikey', 'gatewayKind', 'gatewayInstance', 'notes', 'ownerId', 'followUpDate'] as const;

export function newLeadFormValues(): LeadFormValues {
  // No ownerId: the server makes the creator the owner (when they work in the branch).
  return { name: '', phone: '', phonewhats: '', email: '', source: '', server: '', apikey: '', gatewayKind: '', gatewayInstance: '', notes: '', followUpDate: '' };
}

/** A stored lead as the dialog edits it; its notes are not edited here (they are only added). */
export function leadToFormValues(lead: Lead): LeadFormValues {
  return {
    name: lead.name,
    // Shown as people read them ('55 9000 4000'); the server stores E.164 again.
    phone: formatPhone(lead.phone),
    phonewhats: formatPhone(lead.phonewhats),
    email: lead.email,
    source: lead.source as LeadFormValues['source'],
    server: lead.server,
    apikey: lead.apikey,
    gatewayKind: lead.gatewayKind as LeadFormValues['gatewayKind'],
    gatewayInstance: lead.gatewayInstance,
    notes: '',
    ownerId: lead.ownerId,
    followUpDate: lead.followUpDate ?? '',
  };
}
