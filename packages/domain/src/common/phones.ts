import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Phone numbers as people type them ('55 9000 4000', '(55) 9000-4000', '+52 1 55 9000 4000') and
 * as the portal keeps and links them: E.164 ('+525590004000'). Mexico is the default country, so
 * a ten-digit CDMX number starting with 55 is +52 55…, not Brazil's +55 (issue 20).
 */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'MX';

/** E.164 for a valid number, or null ('' and text that is no phone number alike). */
export function normalizePhone(text: string | null | undefined, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return null;
  const parsed = parsePhoneNumberFromString(trimmed, country);
  if (parsed?.isValid()) return parsed.number;
  const withoutMobileOne = withoutMexicanMobileOne(trimmed);
  return withoutMobileOne ? normalizePhone(withoutMobileOne, country) : null;
}

/**
 * Mexico dropped the '1' of mobile numbers and the 044/045 mobile dialling prefixes in 2019
 * (+52 1 55… became +52 55…), but address books still hold them: '+52 1 55 9000 4000',
 * '521 55 9000 4000' and '044 55 9000 4000' are read as '+52 55 9000 4000'.
 */
function withoutMexicanMobileOne(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 13 && digits.startsWith('521')) return `+52${digits.slice(3)}`;
  if (!text.startsWith('+') && digits.length === 13 && /^04[45]/.test(digits)) return `+52${digits.slice(3)}`;
  return null;
}

/** How a number is shown: national format for Mexican numbers ('55 9000 4000'), international otherwise. */
export function formatPhone(text: string | null | undefined): string {
  const e164 = normalizePhone(text);
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!parsed) return (text ?? '').trim();
  return parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}

/** `tel:+525590004000`, or null when the text is no valid number. */
export function telHref(text: string | null | undefined): string | null {
  const e164 = normalizePhone(text);
  return e164 ? `tel:${e164}` : null;
}

/** WhatsApp's click-to-chat address, `https://wa.me/525590004000` (digits only, with the country code). */
export function whatsappHref(text: string | null | undefined, message?: string): string | null {
  const e164 = normalizePhone(text);
  if (!e164) return null;
  const base = `https://wa.me/${e164.slice(1)}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** Whether two typed numbers are the same number ('5590004000' and '+52 55 9000 4000' are). */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = normalizePhone(a);
  const right = normalizePhone(b);
  return left !== null && left === right;
}
