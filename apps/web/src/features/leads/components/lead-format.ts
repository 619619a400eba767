import { format, isValid, parseISO } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { formatPhone, leadMessages, normalizePhone, samePhone, telHref as telHrefOf, whatsappHref as whatsappHrefOf, type Lead } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';

/** The name as the card shows it ('Sin nombre' when blank). */
export function leadDisplayName(lead: Pick<Lead, 'name'>): string {
  return lead.name.trim() || leadMessages.noName;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * How a number shows on the card: national format for a valid number ('55 9000 4000'); an older
 * row's text that is no valid number is shown as it was typed.
 */
export function displayPhone(phone: string): string {
  return formatPhone(phone);
}

/** tel:+52… for a valid number; an older row's text keeps its digits (and '+') as before. */
export function telHref(phone: string): string {
  return telHrefOf(phone) ?? `tel:${phone.trim().replace(/[^\d+]/g, '')}`;
}

/**
 * The WhatsApp link (https://wa.me/52…), only when the number is a different one from the phone
 * (spec). Both are compared normalised, so '55 1234 5678' and '+525512345678' are the same
 * number; an older row's text that is no valid number is compared by its digits.
 */
export function whatsappHref(lead: Pick<Lead, 'phone' | 'phonewhats'>): string | null {
  if (!lead.phonewhats.trim()) return null;
  if (normalizePhone(lead.phonewhats)) return samePhone(lead.phone, lead.phonewhats) ? null : whatsappHrefOf(lead.phonewhats);
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

/** '12 leads', or '3 de 12 leads' when a search or filter narrows the board. */
export function leadCountText(count: number, total = count): string {
  if (count !== total) return `${count} de ${total} leads`;
  return count === 1 ? '1 lead' : `${count} leads`;
}

/** A follow-up day 'YYYY-MM-DD' as '12 mar 2026'. */
export function formatFollowUp(day: string): string {
  const date = parseISO(day);
  return isValid(date) ? format(date, 'dd MMM yyyy', { locale: es }) : day;
}
