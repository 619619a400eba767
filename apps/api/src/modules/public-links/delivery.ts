import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { LinkPurpose } from '@portal/domain';
import type { Executor } from '../../db/client';
import { publicLinkEmail, queueEmails, signingLinkAgainEmail } from '../email/index';
import * as repo from './repository';
import { newLinkToken } from './tokens';

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

// --- e-mailing a link ------------------------------------------------------------------------------

const expiryDate = (date: Date) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(date);

/** Who a link goes to and how to reach them: what its e-mail and WhatsApp message need. */
interface LinkAddressee {
  purpose: LinkPurpose;
  partyName: string;
  email: string;
  /** E.164, or '' without a usable number. */
  phone: string;
  branchName: string;
  document?: 'move_out';
}

/**
 * The address of a token just made, e-mailed (in the caller's transaction) when asked: the e-mail
 * and this answer are the only places the token ever is.
 */
export async function deliver(tx: Executor, to: LinkAddressee, token: string, options: { baseUrl: string; expiresAt: Date; sendEmail: boolean }) {
  const url = `${options.baseUrl}/p/${token}`;
  if (options.sendEmail) {
    const email = publicLinkEmail({ name: to.partyName, branchName: to.branchName, purpose: to.purpose, document: to.document, url, expiresOn: expiryDate(options.expiresAt) });
    await queueEmails(tx, [{ recipient: to.email, ...email, kind: `link_${to.purpose}` }]);
  }
  return { url, whatsappUrl: whatsappUrl(to.phone, whatsappText({ name: to.partyName, branchName: to.branchName, purpose: to.purpose, document: to.document, url })) };
}

export interface SendAgain {
  /** The portal's public address, without a trailing slash. */
  baseUrl: string;
  expiresAt: Date;
  /** 'turn': the signer's turn came (signing in order); 'reminder': they have not signed yet. */
  reason: 'turn' | 'reminder';
  /** The acta de entrega's round rather than the contracts' (issue 32): the e-mail says so. */
  document?: 'move_out';
  now: Date;
}

/**
 * A signing link sent again by the portal itself (issue 35): a new token replaces the old one (the
 * old URL stops working at once) and goes only to the e-mail the link was made for — the signer's,
 * where their one-time code goes too. The token is returned to no one.
 */
export async function sendLinkAgain(tx: Executor, linkId: number, again: SendAgain): Promise<void> {
  const link = await repo.findById(tx, linkId, true);
  // A link staff revoked, or one already used, is left as it is.
  if (!link || link.purpose !== 'sign' || !link.email || link.revokedAt || link.finishedAt) return;
  const { token, tokenHash } = newLinkToken();
  await repo.replaceToken(tx, linkId, { tokenHash, expiresAt: again.expiresAt, partyName: link.partyName, email: link.email, phone: link.phone, lastSentAt: again.now });
  const url = `${again.baseUrl}/p/${token}`;
  const email = signingLinkAgainEmail({ name: link.partyName, branchName: link.branchName, reason: again.reason, document: again.document, url, expiresOn: expiryDate(again.expiresAt) });
  await queueEmails(tx, [{ recipient: link.email, ...email, kind: again.reason === 'turn' ? 'link_sign' : 'link_sign_reminder' }]);
}
