/*
 * What an e-mail carries that works as a credential (issue 17): a link's token (`/p/{43
 * characters}`) and a signer's one-time code. The person needs them in the message; nobody needs
 * them in the outbox afterwards, nor on the admin's list of e-mails.
 */

/** The kind of the e-mail that carries a one-time code (its 6 digits are a secret). */
export const signingCodeKind = 'signing_code';

/** A link's path with its token: 32 random bytes in base64url are 43 characters. */
export const linkTokenPattern = '/p/[A-Za-z0-9_-]{43}';
export const linkTokenMask = '/p/[enlace enviado]';
/** An appointment invitation's answer page (issue 20): the same kind of token under /cita/. */
export const invitationTokenPattern = '/cita/[A-Za-z0-9_-]{43}';
export const invitationTokenMask = '/cita/[enlace enviado]';
/** An owner's rent confirmation page (issue 32): the same kind of token under /r/. */
export const rentConfirmationTokenPattern = '/r/[A-Za-z0-9_-]{43}';
export const rentConfirmationTokenMask = '/r/[enlace enviado]';

/** Six digits on their own (not a colour such as #475569, not part of a longer number). */
export const codePattern = '(?<![0-9#])[0-9]{6}(?![0-9])';
export const codeMask = '******';

/** A text as the admin's list shows it: tokens masked, and the code of a one-time-code e-mail. */
export function maskSecrets(text: string, kind: string): string {
  const withoutToken = text
    .replace(new RegExp(linkTokenPattern, 'g'), linkTokenMask)
    .replace(new RegExp(invitationTokenPattern, 'g'), invitationTokenMask)
    .replace(new RegExp(rentConfirmationTokenPattern, 'g'), rentConfirmationTokenMask);
  return kind === signingCodeKind ? withoutToken.replace(new RegExp(codePattern, 'g'), codeMask) : withoutToken;
}
