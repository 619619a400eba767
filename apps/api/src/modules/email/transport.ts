import nodemailer from 'nodemailer';
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
  if (!config.smtpUrl) return undefined;
  return nodemailer.createTransport(
    { url: config.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 },
    { from: config.mailFrom },
  );
}
