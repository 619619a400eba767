import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { createMailTransport } from '../modules/email/index';

/** A message as the SMTP receiver got it: envelope recipients and the raw MIME text. */
interface Received {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (port 0). `refuse(recipient, attempt)` answers a 4xx/5xx to
 * RCPT TO when it returns a code: the receiver decides, as a real one would.
 */
export async function smtpReceiver(refuse: (recipient: string, attempt: number) => number | null = () => null) {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const attempt = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, attempt);
      const code = refuse(address.address, attempt);
      if (code) return callback(Object.assign(new Error(code >= 500 ? 'Buzón inexistente' : 'Intente más tarde'), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Portal de Pólizas <avisos@empresa.test>' })!;
  return {
    received,
    transport,
    async close() {
      transport.close?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

