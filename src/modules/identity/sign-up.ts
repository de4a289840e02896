import { appError, type AppError } from '../../shared/errors.js';
import type { Clock } from '../../shared/clock.js';
import type { Lang } from '../../shared/locale-format.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import { isStrongPassword, weakPasswordMessage } from '../../shared/password-rule.js';
import { toPublicUser, type PublicUser } from './domain/public-user.js';
import { normalizeEmail } from './domain/user.js';
import { lookAlikeRefusal } from './look-alike.js';
import type { PasswordHasher, SessionTokens, UserStore } from './ports.js';

export type SignUpDeps = { users: UserStore; hasher: PasswordHasher; tokens: SessionTokens; clock: Clock; newId: IdGenerator };

const emailTaken = () => appError('auth/email-taken', 'An account with this email already exists. Please log in.');

/** Local provider: a new customer account. The role is never taken from the caller. */
export async function signUp(
  deps: SignUpDeps,
  input: { name: string; email: string; password: string; lang?: Lang | undefined },
): Promise<Result<{ token: string; user: PublicUser }, AppError>> {
  if (!isStrongPassword(input.password)) return err(appError('auth/weak-password', weakPasswordMessage));
  const email = normalizeEmail(input.email);
  if (await deps.users.byEmail(email)) return err(emailTaken());
  // A look-alike of an existing account's email, or one that mixes scripts (issue 40).
  const lookAlike = await lookAlikeRefusal(deps.users, email);
  if (lookAlike) return err(lookAlike);

  const passwordHash = await deps.hasher.hash(input.password);
  const user = { id: deps.newId(), name: input.name.trim(), email, role: 'customer' as const, tokenVersion: 0, createdAt: deps.clock.now() };
  // Two sign-ups for one email at once: the unique index decides, the loser is told plainly.
  if (!(await deps.users.insert({ ...user, passwordHash, provider: 'local', lang: input.lang }))) return err(emailTaken());
  const token = await deps.tokens.issue({ kind: 'account', userId: user.id, provider: 'local', tokenVersion: 0 });
  return ok({ token, user: toPublicUser(user) });
}
