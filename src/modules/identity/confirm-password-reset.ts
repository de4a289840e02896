import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { isStrongPassword, weakPasswordMessage } from '../../shared/password-rule.js';
import type { PasswordHasher, ResetTokenStore, UserStore } from './ports.js';
import { hashResetToken } from './request-password-reset.js';

/** Sets the new password; the token is used up, and every older session token stops working. */
export async function confirmPasswordReset(
  deps: { users: UserStore; resets: ResetTokenStore; hasher: PasswordHasher; clock: Clock },
  input: { token: string; password: string },
): Promise<Result<{ message: string }, AppError>> {
  // Check the password first, so a weak one does not use up the link.
  if (!isStrongPassword(input.password)) return err(appError('auth/weak-password', weakPasswordMessage));
  const consumed = await deps.resets.consume(hashResetToken(input.token), deps.clock.now());
  if (!consumed) {
    return err(appError('auth/reset-token-invalid', 'This password reset link is invalid, already used or expired. Please ask for a new one.'));
  }
  const passwordHash = await deps.hasher.hash(input.password);
  await deps.users.setPassword(consumed.userId, passwordHash);
  await deps.resets.deleteForUser(consumed.userId);
  return ok({ message: 'Your password has been changed. You can log in with it now.' });
}
