import { appError, type AppError } from '../../shared/errors.js';
import type { Lang } from '../../shared/locale-format.js';
import { err, ok, type Result } from '../../shared/result.js';
import { toPublicUser, type PublicUser } from './domain/public-user.js';
import { normalizeEmail } from './domain/user.js';
import type { PasswordHasher, SessionTokens, UserStore } from './ports.js';

/**
 * Local provider. Unknown email and wrong password look the same, in answer and in time. A
 * sign-in that names its language (Accept-Language) records it on the profile when it changed
 * (issue 18): the messages not tied to an order or a request use it.
 */
export async function logIn(
  deps: { users: UserStore; hasher: PasswordHasher; tokens: SessionTokens },
  input: { email: string; password: string; lang?: Lang | undefined },
): Promise<Result<{ token: string; user: PublicUser }, AppError>> {
  const user = await deps.users.byEmail(normalizeEmail(input.email));
  const valid = user?.passwordHash
    ? await deps.hasher.verify(input.password, user.passwordHash)
    : (await deps.hasher.burn(input.password), false);
  if (!user || !valid) return err(appError('auth/invalid-credentials', 'Wrong Email or Password!'));
  if (input.lang && input.lang !== user.lang) await deps.users.setLang(user.id, input.lang);
  const token = await deps.tokens.issue({ kind: 'account', userId: user.id, provider: 'local', tokenVersion: user.tokenVersion });
  return ok({ token, user: toPublicUser(user) });
}
