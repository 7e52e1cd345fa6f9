import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('mailer without SMTP_URL', () => {
  it('writes the whole mail to the log at info, so a local operator can pass the link on, and sends nothing', async () => {
    const logged: { level: string; details: Record<string, unknown>; message: string }[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'no-reply@localhost',
      log: {
        info: (details, message) => logged.push({ level: 'info', details, message }),
        warn: (details, message) => logged.push({ level: 'warn', details, message }),
      },
    });
    const email = { to: 'a@example.com', subject: 'Hello', text: 'Open http://demo.test/invite/abc' };
    expect(await mailer.send(email)).toEqual({ isSent: false });
    expect(mailer.isSmtp).toBe(false);
    expect(logged).toEqual([
      {
        level: 'info',
        details: { mail: email },
        message: 'E-mail to a@example.com (SMTP_URL is not set, so it was not sent)',
      },
    ]);
  });
});
