import { formatPhone, type Lead } from '@portal/domain';

/** What 'Convertir en póliza' carries into the first tenant of the policy form. */
export interface LeadTenantPrefill {
  name: string;
  phone: string;
  mobile: string;
  email: string;
}

/**
 * The lead's name and contact as the policy form's first tenant: the phone as the landline, the
 * WhatsApp number (or the phone, when there is none) as the mobile, both in national format.
 * Leads keep no e-mail, so that stays blank.
 */
export function leadPrefillOfPolicy(lead: Pick<Lead, 'name' | 'phone' | 'phonewhats' | 'email'>): LeadTenantPrefill {
  const mobile = lead.phonewhats.trim() ? lead.phonewhats : lead.phone;
  // The e-mail the person gave (the web form's) is the tenant's too (issue 29).
  return { name: lead.name.trim(), phone: formatPhone(lead.phone), mobile: formatPhone(mobile), email: lead.email.trim() };
}
