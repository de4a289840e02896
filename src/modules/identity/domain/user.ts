export type Role = 'admin' | 'customer';
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

/** Emails compare case-insensitively and without surrounding spaces. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** A generic email pattern: something@something.tld, no spaces. */
export const looksLikeEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254;

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
