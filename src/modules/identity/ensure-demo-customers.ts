import { randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import { normalizeEmail } from './domain/user.js';
import type { PasswordHasher, UserStore } from './ports.js';

/**
 * A demo shop's first start (issue 17, local provider): the demo customers' accounts, which exist
 * to own the demo orders. They get one random password, hashed once (a password hash costs ~0.1 s
 * at production cost) and forgotten: nobody signs in as them, and a password reset mail to their
 * made-up addresses goes nowhere. An existing account
 * with the email is reused when it is a customer's; an admin's is never lent out (null).
 * Answers each account's id, in the list's order.
 */
export async function ensureDemoCustomers(
  deps: { users: UserStore; hasher: PasswordHasher; clock: Clock; newId: IdGenerator },
  list: ReadonlyArray<{ name: string; email: string }>,
): Promise<Array<{ userId: string; email: string } | null>> {
  const accounts: Array<{ userId: string; email: string } | null> = [];
  let passwordHash: string | null = null;
  for (const person of list) {
    const email = normalizeEmail(person.email);
    const existing = await deps.users.byEmail(email);
    if (existing) {
      accounts.push(existing.role === 'customer' ? { userId: existing.id, email } : null);
      continue;
    }
    const id = deps.newId();
    passwordHash ??= await deps.hasher.hash(`${randomBytes(24).toString('base64url')}-7a`);
    const inserted = await deps.users.insert({ id, name: person.name, email, role: 'customer', tokenVersion: 0, createdAt: deps.clock.now(), passwordHash, provider: 'local' });
    // Another shop process made it first (several processes on PostgreSQL): theirs is the account.
    const user = inserted ? { id, role: 'customer' as const } : await deps.users.byEmail(email);
    accounts.push(user && user.role === 'customer' ? { userId: user.id, email } : null);
  }
  return accounts;
}
