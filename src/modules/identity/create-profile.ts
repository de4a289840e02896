import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import { normalizeEmail } from './domain/user.js';
import type { SessionClaims, UserStore } from './ports.js';

/**
 * POST /api/users: the caller creates their own profile, never anyone else's, always as a
 * customer. An existing profile is kept (its name filled in if it had none).
 */
export function createProfile(
  deps: { users: UserStore; clock: Clock; newId: IdGenerator },
  caller: SessionClaims,
  input: { name: string; email: string },
): Result<{ insertedId: string | null }, AppError> {
  const email = normalizeEmail(input.email);
  if (email !== caller.email) return err(appError('users/not-own-email', 'You can only create your own profile.'));
  const name = input.name.trim();
  const existing = deps.users.byEmail(email);
  if (existing) {
    if (!existing.name) deps.users.setName(existing.id, name);
    return ok({ insertedId: null });
  }
  // A local account exists from sign-up on; a local token without a profile is a deleted user's.
  if (caller.provider !== 'firebase') return err(appError('auth/unauthenticated', 'Please log in.'));
  const id = deps.newId();
  deps.users.insert({ id, name, email, role: 'customer', tokenVersion: caller.tokenVersion, createdAt: deps.clock.now(), passwordHash: null, provider: 'firebase' });
  return ok({ insertedId: id });
}
