import type { Logger } from '../logger.js';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(mail: Mail): Promise<void>; readonly kind: 'smtp' | 'log' };

/** Real delivery through an SMTP server (SMTP_URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  // nodemailer is loaded with the first mail: a start without mail to send does not pay for it.
  const transport = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
  return {
    kind: 'smtp',
    async send(mail) {
      await (await transport).sendMail({ from, ...mail });
    },
  };
}

/**
 * Without SMTP_URL: the mail is written to the server log, so a self-hoster trying the shop can
 * still follow a password-reset link. Never used for delivery in a real shop.
 */
export function createLogMailer(logger: Logger): Mailer {
  return {
    kind: 'log',
    async send(mail) {
      logger.info('mail (not sent: SMTP_URL is not set)', { to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

