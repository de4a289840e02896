import type { IdGenerator } from '../../shared/ids.js';
import { emailProblem, normalizeEmail, type Provider, type Role } from './domain/user.js';
import type { UserStore } from './ports.js';

/** A profile of the old shop (issue 19, decision 041): its Firebase account carries over by email. */
export type UserToImport = { id: string; name: string; email: string; role: Role; createdAt: Date };

export type ImportedUserOutcome =
  | { outcome: 'added' | 'exists' | 'made-admin'; userId: string; email: string }
  /** The email has a profile under another id (an earlier duplicate, or the shop's own): the old one joins it. */
  | { outcome: 'merged'; userId: string; email: string }
  | { outcome: 'rejected'; reason: string };

/**
 * Imports user profiles, one statement each (UserStore's methods need no transaction). Emails are
 * the identity (normalised as every sign-in normalises them), so a profile whose email exists is
 * merged into it; an admin of the old shop stays an admin. No password is set: under Firebase the
 * same Firebase project's sign-in finds the profile by email (POST /api/jwt), under the local
 * provider the customer sets one with "Forgot password". `dryRun` only looks.
 */
export async function importUsers(deps: { users: UserStore; provider: Provider; newId: IdGenerator }, user: UserToImport, dryRun: boolean): Promise<ImportedUserOutcome> {
  const email = normalizeEmail(user.email);
  const problem = emailProblem(email);
  if (problem) return { outcome: 'rejected', reason: `email "${user.email}": ${problem.toLowerCase()}` };
  const existing = await deps.users.byEmail(email);
  if (existing) {
    if (user.role === 'admin' && existing.role !== 'admin') {
      if (!dryRun) await deps.users.setRole(existing.id, 'admin');
      return { outcome: 'made-admin', userId: existing.id, email };
    }
    return { outcome: existing.id === user.id ? 'exists' : 'merged', userId: existing.id, email };
  }
  // An id taken by another email (it cannot be an ObjectId of the same shop): the profile gets a new one.
  const id = (await deps.users.byId(user.id)) ? deps.newId() : user.id;
  const name = user.name.trim() || email.split('@')[0] || email;
  if (!dryRun && !(await deps.users.insert({ id, name, email, role: user.role, tokenVersion: 0, createdAt: user.createdAt, passwordHash: null, provider: deps.provider }))) {
    const now = await deps.users.byEmail(email);
    if (now) return { outcome: 'merged', userId: now.id, email };
    return { outcome: 'rejected', reason: `email "${user.email}": the profile could not be stored` };
  }
  return { outcome: 'added', userId: id, email };
}
