import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { toPublicUser, type PublicUser } from './domain/public-user.js';
import { normalizeEmail } from './domain/user.js';
import type { PasswordHasher, SessionTokens, UserStore } from './ports.js';

/** Local provider. Unknown email and wrong password look the same, in answer and in time. */
export async function logIn(
  deps: { users: UserStore; hasher: PasswordHasher; tokens: SessionTokens },
  input: { email: string; password: string },
): Promise<Result<{ token: string; user: PublicUser }, AppError>> {
  const user = await deps.users.byEmail(normalizeEmail(input.email));
  const valid = user?.passwordHash
    ? await deps.hasher.verify(input.password, user.passwordHash)
    : (await deps.hasher.burn(input.password), false);
  if (!user || !valid) return err(appError('auth/invalid-credentials', 'Wrong Email or Password!'));
  const token = await deps.tokens.issue({ kind: 'account', userId: user.id, provider: 'local', tokenVersion: user.tokenVersion });
  return ok({ token, user: toPublicUser(user) });
}
