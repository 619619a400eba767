import { isValid, parseISO } from 'date-fns';
import { leadMessages, type Lead } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';

/** The name as the card shows it ('Sin nombre' when blank). */
export function leadDisplayName(lead: Pick<Lead, 'name'>): string {
  return lead.name.trim() || leadMessages.noName;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** tel: link of the phone as typed, without spaces or dashes. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().replace(/[^\d+]/g, '')}`;
}

/**
 * The WhatsApp link (https://wa.me/<digits>), only when the number is a different one from the
 * phone (spec); compared by digits, so '55 1234 5678' and '5512345678' are the same number.
 */
export function whatsappHref(lead: Pick<Lead, 'phone' | 'phonewhats'>): string | null {
  const digits = digitsOf(lead.phonewhats);
  if (!digits || digits === digitsOf(lead.phone)) return null;
  return `https://wa.me/${digits}`;
}

/**
 * 'dd MMM yyyy HH:mm' in Spanish. The API sends ISO instants, which are formatted; any other
 * text with '/' or '-' is shown as it is (spec), and so is one that is no date at all.
 */
export function formatLeadDate(value: string): string {
  const text = value.trim();
  if (!text) return '';
  if (isValid(parseISO(text))) return formatDateTime(text);
  if (/[/-]/.test(text)) return text;
  const date = new Date(text);
  return isValid(date) ? formatDateTime(date) : text;
}

/** 'N nota(s)', the spec's words. */
export function notesCountText(count: number): string {
  return `${count} nota(s)`;
}

export function leadCountText(count: number): string {
  return count === 1 ? '1 lead' : `${count} leads`;
}
