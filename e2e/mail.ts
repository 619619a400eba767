import { expect, type APIRequestContext } from '@playwright/test';
import { completeJsonLines } from './json-lines';
import { admin } from './support';

/*
 * What the signing journeys read from the real SMTP receiver on loopback (e2e/smtp-receiver.ts):
 * the links and one-time codes e-mailed to signers; and the admin's API token.
 */

interface ReceivedMail {
  to: string[];
  text: string;
}

export const receivedMail = (): ReceivedMail[] => completeJsonLines<ReceivedMail>(process.env.E2E_MAIL_FILE!);

/** A signing link's token and a one-time code, as the e-mails write them. */
export const linkPattern = /\/p\/([A-Za-z0-9_-]{43})/;
export const codePattern = /Su código es (\d{6})/;

/** The first match of `pattern` in the newest e-mail to `email` that has one (after the first `after` e-mails), waiting for the delivery. */
export async function fromMail(email: string, pattern: RegExp, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const mails = receivedMail().slice(after).filter((mail) => mail.to.includes(email));
        found = mails.map((mail) => pattern.exec(mail.text)?.[1]).filter(Boolean).at(-1);
        return found;
      },
      { timeout: 20_000, message: `an e-mail to ${email} matching ${pattern}` },
    )
    .toBeTruthy();
  return found!;
}

export async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}
