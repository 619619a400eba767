import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * Playwright's global set-up: a real SMTP receiver on loopback (E2E_SMTP_PORT) for the server's
 * e-mail delivery (SMTP_URL in playwright.config.ts). Each message received is appended to
 * E2E_MAIL_FILE (JSON lines: recipients and the text with quoted-printable undone), where a
 * journey reads the links and one-time codes people get. Stopped when the run ends.
 */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export default async function startSmtpReceiver() {
  const file = process.env.E2E_MAIL_FILE!;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const message = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text: decodeQuotedPrintable(raw), receivedAt: new Date().toISOString() };
        fs.appendFileSync(file, `${JSON.stringify(message)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
