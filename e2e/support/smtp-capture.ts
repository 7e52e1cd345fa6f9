import { SMTPServer } from 'smtp-server';
import { E2E_SMTP_PORT } from './smtp-port.ts';

export interface ReceivedMail {
  to: string[];
  /** The raw message, quoted-printable soft line breaks undone so that a long link reads whole. */
  body: string;
}

export interface SmtpCapture {
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** How long a spec waits for another spec (another worker) to give the fixed SMTP port back. */
const PORT_WAIT_MILLISECONDS = 60_000;
const PORT_RETRY_MILLISECONDS = 250;

function listen(server: SMTPServer): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(false);
      else reject(error);
    };
    server.once('error', onError);
    server.listen(E2E_SMTP_PORT, '127.0.0.1', () => {
      server.off('error', onError);
      resolve(true);
    });
  });
}

/**
 * The SMTP server the e2e server mails to (SMTP_URL in playwright.config.ts), keeping every message. The port is
 * fixed, so the specs that receive mail take turns: one started while another holds the port waits for it.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ReceivedMail[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            body: Buffer.concat(chunks).toString('utf8').replaceAll('=\r\n', ''),
          });
          callback();
        });
      },
    });
  const deadline = Date.now() + PORT_WAIT_MILLISECONDS;
  for (;;) {
    const server = create();
    if (await listen(server)) {
      return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    }
    if (Date.now() > deadline) throw new Error(`SMTP port ${E2E_SMTP_PORT} stayed in use`);
    await new Promise((resolve) => setTimeout(resolve, PORT_RETRY_MILLISECONDS));
  }
}
