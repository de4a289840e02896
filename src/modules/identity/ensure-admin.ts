import { randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import { normalizeEmail } from './domain/user.js';
import type { PasswordHasher, UserStore } from './ports.js';

/**
 * Start-up, local provider: makes sure the configured admin account exists, has the admin role
 * and (when a password is configured) that password. Without a password a new account gets a
 * generated one, returned so the caller can print it once.
 */
export async function ensureAdmin(
  deps: { users: UserStore; hasher: PasswordHasher; clock: Clock; newId: IdGenerator },
  input: { email: string; password?: string | undefined; name?: string },
): Promise<{ created: boolean; generatedPassword?: string; refused?: 'existing-account-without-password' }> {
  const email = normalizeEmail(input.email);
  const existing = await deps.users.byEmail(email);
  if (existing) {
    // Local sign-up does not prove an email: anyone may have registered ADMIN_EMAIL before the
    // owner set it. Without ADMIN_PASSWORD nothing shows that the account is the owner's, so an
    // existing non-admin account is never promoted this way (the caller says what to do instead).
    // With ADMIN_PASSWORD the account's password is replaced, so whoever registered it loses it.
    if (!input.password && existing.role !== 'admin') return { created: false, refused: 'existing-account-without-password' };
    await deps.users.setRole(existing.id, 'admin');
    if (input.password && !(existing.passwordHash && (await deps.hasher.verify(input.password, existing.passwordHash)))) {
      await deps.users.setPassword(existing.id, await deps.hasher.hash(input.password));
    }
    return { created: false };
  }
  // Generated: letters, digits and a symbol, so it passes the shop's own password rule.
  const generatedPassword = input.password ? undefined : `${randomBytes(12).toString('base64url')}-7a`;
  const password = input.password ?? generatedPassword ?? '';
  const inserted = await deps.users.insert({
    id: deps.newId(),
    name: input.name ?? 'Admin',
    email,
    role: 'admin',
    tokenVersion: 0,
    createdAt: deps.clock.now(),
    passwordHash: await deps.hasher.hash(password),
    provider: 'local',
  });
  // Another shop process starting at the same moment made it first (several processes on PostgreSQL).
  if (!inserted) return { created: false };
  return generatedPassword ? { created: true, generatedPassword } : { created: true };
}

/** The CLI's promote command. */
export async function promoteToAdmin(deps: { users: UserStore }, email: string): Promise<'promoted' | 'already-admin' | 'not-found'> {
  const user = await deps.users.byEmail(normalizeEmail(email));
  if (!user) return 'not-found';
  return (await deps.users.setRole(user.id, 'admin')) > 0 ? 'promoted' : 'already-admin';
}
