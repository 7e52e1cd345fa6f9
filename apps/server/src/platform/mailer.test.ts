import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('mailer without SMTP_URL', () => {
  it('notes at info that a mail was due, never its text (which may hold a sign-in link), and sends nothing', async () => {
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
        details: { to: 'a@example.com', subject: 'Hello' },
        message: 'E-mail to a@example.com not sent: SMTP_URL is not set',
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain('/invite/abc');
  });
});
