import type { Role } from '../../../shared/permissions.js';
export type { Role };
export type Provider = 'local' | 'firebase';

export type User = {
  id: string;
  name: string;
  /** Normalised with normalizeEmail: the identity every token and lookup uses. */
  email: string;
  role: Role;
  /** Bumped when the password changes, so older session tokens stop working. */
  tokenVersion: number;
  createdAt: Date;
};

/**
 * The one form of an email that is stored, compared and put in tokens: Unicode NFKC (so a
 * fullwidth or otherwise compatible spelling is the same address), trimmed, lower case.
 */
export const normalizeEmail = (email: string): string => email.normalize('NFKC').trim().toLowerCase();

// C0/C1 controls, zero-width characters, word joiner, BOM, and the bidi marks and overrides: an
// address containing one looks like another on screen (or in the admin's list) but is not it.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const invisible = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\u061c\u00ad]/u;

/** Why an (already normalised) email is refused, or null when it is acceptable. */
export function emailProblem(email: string): string | null {
  if (invisible.test(email)) return 'Email must not contain control or invisible characters';
  if (email.endsWith('.')) return 'Email must not end with a dot';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(email) || email.length > 254) return 'Enter a valid email address';
  return null;
}

/** A generic email pattern (something@something.tld, no spaces), without invisible characters or a trailing dot. */
export const looksLikeEmail = (email: string): boolean => emailProblem(email) === null;

export type DeleteRefusal = 'users/cannot-delete-self' | 'users/last-admin';

/**
 * An admin deletes another account; never their own (they would lock themselves out mid-click),
 * and never the last admin (nobody could run the shop any more).
 */
export function deleteRefusal(actor: Pick<User, 'id'>, target: Pick<User, 'id' | 'role'>, adminCount: number): DeleteRefusal | null {
  if (actor.id === target.id) return 'users/cannot-delete-self';
  if (target.role === 'admin' && adminCount <= 1) return 'users/last-admin';
  return null;
}
