import type { IdGenerator } from '../../shared/ids.js';
import { emailProblem, normalizeEmail, type Provider, type Role } from './domain/user.js';
import { mixesScripts } from './domain/email-skeleton.js';
import { lookAlikeOf } from './look-alike.js';
import type { UserStore } from './ports.js';

/**
 * A profile of the old shop (issue 19, decision 041): its Firebase account carries over by email.
 * It has no role: an imported profile is a customer's, whatever the file said (issue 40); admins
 * are named by the operator (`--admins`, promoteImportedAdmin).
 */
export type UserToImport = { id: string; name: string; email: string; createdAt: Date };

export type ImportedUserOutcome =
  | { outcome: 'added' | 'exists'; userId: string; email: string }
  /** The email has a profile under another id (an earlier duplicate, or the shop's own): the old one joins it, its role untouched. */
  | { outcome: 'merged'; userId: string; email: string; role: Role }
  /** `lookAlike`: the email mixes scripts or looks like an existing account's (the sign-up's rule). */
  | { outcome: 'rejected'; reason: string; lookAlike?: true };

/**
 * Imports user profiles, one statement each, in the caller's transaction. Emails are the identity
 * (normalised as every sign-in normalises them), so a profile whose email exists is merged into it
 * and the existing account keeps its role: a file never promotes nor demotes an account. A new
 * profile is a customer's and meets the sign-up's rules, look-alike emails included. No password
 * is set: under Firebase the same Firebase project's sign-in finds the profile by email
 * (POST /api/jwt), under the local provider the customer sets one with "Forgot password".
 * `dryRun` only looks.
 */
export async function importUsers(deps: { users: UserStore; provider: Provider; newId: IdGenerator }, user: UserToImport, dryRun: boolean): Promise<ImportedUserOutcome> {
  const email = normalizeEmail(user.email);
  const problem = emailProblem(email);
  if (problem) return { outcome: 'rejected', reason: `email "${user.email}": ${problem.toLowerCase()}` };
  const existing = await deps.users.byEmail(email);
  if (existing) return existing.id === user.id ? { outcome: 'exists', userId: existing.id, email } : { outcome: 'merged', userId: existing.id, email, role: existing.role };
  if (mixesScripts(email)) return { outcome: 'rejected', reason: `email ${JSON.stringify(email)} mixes letters of different alphabets (a look-alike address): the shop's sign-up refuses it`, lookAlike: true };
  const original = await lookAlikeOf(deps.users, email);
  if (original) return { outcome: 'rejected', reason: `email ${JSON.stringify(email)} looks like the account ${original} without being it: the shop's sign-up refuses it`, lookAlike: true };
  // An id taken by another email (it cannot be an ObjectId of the same shop): the profile gets a new one.
  const id = (await deps.users.byId(user.id)) ? deps.newId() : user.id;
  const name = user.name.trim() || email.split('@')[0] || email;
  if (!dryRun && !(await deps.users.insert({ id, name, email, role: 'customer', tokenVersion: 0, createdAt: user.createdAt, passwordHash: null, provider: deps.provider }))) {
    const now = await deps.users.byEmail(email);
    if (now) return { outcome: 'merged', userId: now.id, email, role: now.role };
    return { outcome: 'rejected', reason: `email "${user.email}": the profile could not be stored` };
  }
  return { outcome: 'added', userId: id, email };
}

export type PromotedAdminOutcome = { outcome: 'promoted' | 'already-admin'; userId: string; email: string; createdAt: Date } | { outcome: 'missing'; email: string };

/**
 * `--admins` (issue 40): the operator names the admins; the account with this email becomes one.
 * `missing` when the shop has no account with it (in a dry run, one the import would make is
 * known to the caller only).
 */
export async function promoteImportedAdmin(users: UserStore, rawEmail: string, dryRun: boolean): Promise<PromotedAdminOutcome> {
  const email = normalizeEmail(rawEmail);
  const existing = await users.byEmail(email);
  if (!existing) return { outcome: 'missing', email };
  if (existing.role === 'admin') return { outcome: 'already-admin', userId: existing.id, email, createdAt: existing.createdAt };
  if (!dryRun) await users.setRole(existing.id, 'admin');
  return { outcome: 'promoted', userId: existing.id, email, createdAt: existing.createdAt };
}
