import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import { normalizeEmail, type User } from './domain/user.js';
import { lookAlikeRefusal } from './look-alike.js';
import type { SessionClaims, UserStore } from './ports.js';

/**
 * POST /api/users: the caller creates their own profile, never anyone else's, always as a
 * customer. An existing profile is kept (its name filled in if it had none). Only a verified
 * Firebase identity without a profile creates one; an account token's account exists already.
 */
export async function createProfile(
  deps: { users: UserStore; clock: Clock; newId: IdGenerator },
  caller: { claims: SessionClaims; user: User | null },
  input: { name: string; email: string },
): Promise<Result<{ insertedId: string | null }, AppError>> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  const existing = caller.user;
  if (existing) {
    if (email !== existing.email) return err(appError('users/not-own-email', 'You can only create your own profile.'));
    if (!existing.name) await deps.users.setName(existing.id, name);
    return ok({ insertedId: null });
  }
  const { claims } = caller;
  if (claims.kind !== 'identity') return err(appError('auth/unauthenticated', 'Please log in.'));
  if (email !== claims.email) return err(appError('users/not-own-email', 'You can only create your own profile.'));
  // Not for a look-alike of an existing account's email, nor one that mixes scripts (issue 40).
  const lookAlike = await lookAlikeRefusal(deps.users, email);
  if (lookAlike) return err(lookAlike);
  const id = deps.newId();
  await deps.users.insert({ id, name, email, role: 'customer', tokenVersion: claims.tokenVersion, createdAt: deps.clock.now(), passwordHash: null, provider: 'firebase' });
  return ok({ insertedId: id });
}
