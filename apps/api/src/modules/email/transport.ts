import type Mail from 'nodemailer/lib/mailer';
import type { AppConfig } from '../../config';

/** What delivery needs of a transport: nodemailer's, or anything that sends the same message. */
export interface MailTransport {
  sendMail(message: Mail.Options): Promise<unknown>;
  close?(): void;
}

/**
 * The SMTP transport of SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS from the
 * start), every message From MAIL_FROM; undefined when SMTP_URL is not set, and the outbox waits.
 * Timeouts stay well inside a claim's lease, so a hung server cannot make two instances send one row.
 */
export function createMailTransport(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>): MailTransport | undefined {
  const { smtpUrl, mailFrom } = config;
  if (!smtpUrl) return undefined;
  // nodemailer (0.6 MB of JavaScript) is read when the first message goes out, not at every start (issue 30).
  let transport: Promise<MailTransport> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }, { from: mailFrom }),
    ));
  return {
    sendMail: async (message) => (await open()).sendMail(message),
    close() {
      void transport?.then((opened) => opened.close?.());
    },
  };
}
