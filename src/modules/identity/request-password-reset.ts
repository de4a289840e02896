import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Lang } from '../../shared/locale-format.js';
import { normalizeEmail } from './domain/user.js';
import type { Mailer, ResetTokenStore, UserStore } from './ports.js';

export const resetTokenTtlMs = 60 * 60 * 1000;
export const resetRequestedMessage =
  'If an account exists for this email, we have sent a link to reset its password. The link works once, for one hour.';

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type ResetMailContent = (input: { name: string; link: string; lang: Lang }) => { subject: string; text: string; html: string };

/**
 * Local provider. Always the same answer (no account enumeration); when the account exists, a
 * single-use token valid for one hour is stored hashed and its link mailed. The mail is sent
 * after answering, so the answer's timing does not tell either. The mail is in the request's
 * language (issue 18: the visitor asking may not be signed in), or, when the request names none,
 * the one the account last signed in with.
 */
export async function requestPasswordReset(
  deps: {
    users: UserStore;
    resets: ResetTokenStore;
    mailer: Mailer;
    clock: Clock;
    publicUrl: string;
    mailContent: ResetMailContent;
    onMailError: (e: unknown) => void;
  },
  input: { email: string; lang?: Lang | undefined },
): Promise<{ message: string }> {
  const user = await deps.users.byEmail(normalizeEmail(input.email));
  if (user?.passwordHash) {
    const token = randomBytes(32).toString('base64url');
    const now = deps.clock.now();
    await deps.resets.insert({ tokenHash: hashResetToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + resetTokenTtlMs) });
    const link = `${deps.publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    deps.mailer.send({ to: user.email, ...deps.mailContent({ name: user.name, link, lang: input.lang ?? user.lang ?? 'en' }) }).catch(deps.onMailError);
  }
  return { message: resetRequestedMessage };
}
