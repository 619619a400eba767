import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { LinkPurpose } from '@portal/domain';

/**
 * A person's number as WhatsApp wants it: E.164 ('+525512345678'), Mexico when no country code is
 * written. The mobile first, then the phone; '' when neither is a valid number.
 */
export function e164Phone(...candidates: string[]): string {
  for (const candidate of candidates) {
    const parsed = candidate.trim() ? parsePhoneNumberFromString(candidate, 'MX') : undefined;
    if (parsed?.isValid()) return parsed.number;
  }
  return '';
}

/** The Spanish message staff send by WhatsApp, with the link. */
export function whatsappText(message: { name: string; branchName: string; purpose: LinkPurpose; document?: 'move_out'; url: string }): string {
  const what =
    message.document === 'move_out'
      ? 'revisar y firmar el acta de entrega-recepción del inmueble'
      : {
          upload: 'subir los documentos de su póliza jurídica de arrendamiento',
          sign: 'revisar y firmar los contratos de su póliza jurídica de arrendamiento',
          rent_proof: 'ver sus rentas pendientes y enviar los comprobantes de sus pagos',
          claim_owner: 'reportar un problema con su inmueble y seguir el avance de sus incidencias',
        }[message.purpose];
  return `Hola, ${message.name}. Le escribimos de ${message.branchName}. Con este enlace personal puede ${what} desde su teléfono: ${message.url}`;
}

/** `https://wa.me/{digits}?text=…` (WhatsApp's click-to-chat), or null without a number. */
export function whatsappUrl(e164: string, text: string): string | null {
  if (!e164) return null;
  return `https://wa.me/${e164.replace(/^\+/, '')}?text=${encodeURIComponent(text)}`;
}
