import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import { toPublicUser, type PublicUser } from './domain/public-user.js';
import { emailProblem, normalizeEmail } from './domain/user.js';
import type { IdentityVerifier, SessionTokens, UserStore } from './ports.js';

/**
 * Firebase provider: a verified Firebase ID token becomes the shop's session token. Only the
 * token speaks for the caller; an email in the body means nothing. The profile is created by
 * POST /api/users, except for ADMIN_EMAIL with a verified email, made admin here.
 */
export async function exchangeFirebaseToken(
  deps: { verifier: IdentityVerifier; users: UserStore; tokens: SessionTokens; clock: Clock; newId: IdGenerator; adminEmail?: string | undefined },
  idToken: string | null,
): Promise<Result<{ token: string; user: PublicUser | null }, AppError>> {
  const identity = idToken ? await deps.verifier.verify(idToken) : null;
  if (!identity) return err(appError('auth/invalid-token', 'Your sign-in could not be verified. Please log in again.'));

  const email = normalizeEmail(identity.email);
  const problem = emailProblem(email);
  if (problem) return err(appError('http/validation', `${problem}.`));
  let user = await deps.users.byEmail(email);
  if (deps.adminEmail && normalizeEmail(deps.adminEmail) === email && identity.emailVerified) {
    if (!user) {
      const created = { id: deps.newId(), name: identity.name ?? email.split('@')[0] ?? email, email, role: 'admin' as const, tokenVersion: 0, createdAt: deps.clock.now() };
      await deps.users.insert({ ...created, passwordHash: null, provider: 'firebase' });
    } else if (user.role !== 'admin') {
      await deps.users.setRole(user.id, 'admin');
    }
    user = await deps.users.byEmail(email);
  }
  const token = await deps.tokens.issue(
    user
      ? { kind: 'account', userId: user.id, provider: 'firebase', tokenVersion: user.tokenVersion }
      : { kind: 'identity', email, provider: 'firebase', tokenVersion: 0 },
  );
  return ok({ token, user: user ? toPublicUser(user) : null });
}
