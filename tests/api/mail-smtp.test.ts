import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/platform/mailer/mailer.js';
import { startSmtpSink } from '../support/smtp-sink.mjs';
import { call, json, signUpCustomer } from '../support/http.js';
import { createTestApp } from '../support/test-app.js';

// Password reset through the real SMTP adapter (nodemailer) to a real SMTP server.
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink({ port: 2625 });
});
afterAll(() => sink.close());

describe('password reset by SMTP', () => {
  it('delivers a reset mail whose link sets a new password', async () => {
    const t = await createTestApp({ mailer: createSmtpMailer('smtp://127.0.0.1:2625', '"Test Shop" <shop@test.example>') });
    try {
      await signUpCustomer(t, 'Rina <b>', 'rina@example.com');
      const res = await call(t, 'POST', '/api/auth/password-reset', { body: { email: 'rina@example.com' } });
      expect(res.status).toBe(200);

      const mail = await sink.waitFor('rina@example.com');
      expect(mail.subject).toBe('Reset your Test Shop password');
      expect(mail.raw).toMatch(/^From: "?Test Shop"? <shop@test\.example>/m);
      expect(mail.text).toContain('Rina &lt;b&gt;'); // the HTML part, escaped
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();

      const confirmed = await call(t, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: 'Fresh#Pass77' } });
      expect(await json(confirmed)).toEqual({ message: 'Your password has been changed. You can log in with it now.' });
      expect((await call(t, 'POST', '/api/auth/login', { body: { email: 'rina@example.com', password: 'Fresh#Pass77' } })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers the same when the mail server is down, and logs the failure', async () => {
    const t = await createTestApp({ mailer: createSmtpMailer('smtp://127.0.0.1:1', 'shop@test.example') });
    try {
      await signUpCustomer(t, 'Rina', 'rina@example.com');
      const res = await call(t, 'POST', '/api/auth/password-reset', { body: { email: 'rina@example.com' } });
      expect(res.status).toBe(200);
      await expect.poll(() => t.logger.lines.some((l) => l.includes('password reset mail failed')), { timeout: 10_000 }).toBe(true);
    } finally {
      await t.close();
    }
  });
});
