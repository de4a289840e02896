import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { Lang } from '../../shared/locale-format.js';
import { err, ok, type Result } from '../../shared/result.js';
import { toPublicUser, type PublicUser } from './domain/public-user.js';
import { emailProblem, normalizeEmail } from './domain/user.js';
import { lookAlikeRefusal } from './look-alike.js';
import type { IdentityVerifier, SessionTokens, UserStore } from './ports.js';

/**
 * Firebase provider: a verified Firebase ID token becomes the shop's session token. Only the
 * token speaks for the caller; an email in the body means nothing. A caller without a profile gets
 * one here, as a customer named as the token says (issue 19: the original client's POST /users
 * carries no token); ADMIN_EMAIL with a verified email is made admin here. A new profile is refused
 * for an email that looks like an existing account's or mixes scripts (issue 40). Two exchanges at
 * once make one profile: the store refuses the second email, and both read the one stored. A sign-in
 * that names its language records it on the profile when it changed (issue 18, as logIn does).
 */
export async function exchangeFirebaseToken(
  deps: { verifier: IdentityVerifier; users: UserStore; tokens: SessionTokens; clock: Clock; newId: IdGenerator; adminEmail?: string | undefined },
  idToken: string | null,
  lang?: Lang,
): Promise<Result<{ token: string; user: PublicUser }, AppError>> {
  const identity = idToken ? await deps.verifier.verify(idToken) : null;
  if (!identity) return err(appError('auth/invalid-token', 'Your sign-in could not be verified. Please log in again.'));

  const email = normalizeEmail(identity.email);
  const problem = emailProblem(email);
  if (problem) return err(appError('http/validation', `${problem}.`));
  const makesAdmin = deps.adminEmail !== undefined && normalizeEmail(deps.adminEmail) === email && identity.emailVerified;
  let user = await deps.users.byEmail(email);
  if (!user) {
    // A first sign-in creates the profile: not for a look-alike of an existing account's email,
    // nor one that mixes scripts (issue 40), verified by Firebase or not.
    const lookAlike = await lookAlikeRefusal(deps.users, email);
    if (lookAlike) return err(lookAlike);
    const name = identity.name?.trim().slice(0, 80) || (email.split('@')[0] ?? email);
    // False when a concurrent exchange stored this email first: its profile is read below.
    await deps.users.insert({ id: deps.newId(), name, email, role: makesAdmin ? 'admin' : 'customer', tokenVersion: 0, createdAt: deps.clock.now(), passwordHash: null, provider: 'firebase', lang });
    user = await deps.users.byEmail(email);
  }
  if (!user) throw new Error('a profile stored by the Firebase exchange cannot be read back');
  if (lang && lang !== user.lang) await deps.users.setLang(user.id, lang);
  if (makesAdmin && user.role !== 'admin') {
    await deps.users.setRole(user.id, 'admin');
    user = { ...user, role: 'admin' };
  }
  const token = await deps.tokens.issue({ kind: 'account', userId: user.id, provider: 'firebase', tokenVersion: user.tokenVersion });
  return ok({ token, user: toPublicUser(user) });
}
