import { createTransport } from 'nodemailer';

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail (a scheduled report's export). */
  attachments?: readonly EmailAttachment[];
}

/** `error` is set only when SMTP refused or failed; without SMTP nothing is sent and nothing failed. */
export interface SendResult {
  isSent: boolean;
  error?: string;
}

/** Sends e-mail through SMTP when `SMTP_URL` is set; else it only notes in the log that a mail was due. */
export interface Mailer {
  /** Whether mail leaves the server. */
  readonly isSmtp: boolean;
  /** Never throws: a failure is answered, so the caller records it instead of failing the request. */
  send(email: OutgoingEmail): Promise<SendResult>;
  close(): void;
}

export interface MailerLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

/** An SMTP server that accepts the connection but never answers must not hold the request for long. */
const SMTP_TIMEOUT_MILLISECONDS = 10_000;

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: MailerLogger;
}): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      isSmtp: false,
      async send(email) {
        // No SMTP: only that a mail was due. Its text may hold a sign-in link, which the caller shows to the
        // person who asked for it instead; logs travel further than that.
        log.info(
          { to: email.to, subject: email.subject },
          `E-mail to ${email.to} not sent: SMTP_URL is not set`,
        );
        return { isSent: false };
      },
      close() {},
    };
  }
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MILLISECONDS,
    greetingTimeout: SMTP_TIMEOUT_MILLISECONDS,
    socketTimeout: SMTP_TIMEOUT_MILLISECONDS,
  });
  return {
    isSmtp: true,
    async send(email) {
      try {
        await transport.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.attachments ? { attachments: [...email.attachments] } : {}),
        });
        return { isSent: true };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.warn({ to: email.to, error: message }, `Sending e-mail to ${email.to} failed`);
        return { isSent: false, error: message };
      }
    },
    close() {
      transport.close();
    },
  };
}
