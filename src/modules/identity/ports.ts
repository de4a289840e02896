import type { Lang } from '../../shared/locale-format.js';
import type { Page, Paged } from '../../shared/page.js';
import type { Provider, Role, User } from './domain/user.js';

/**
 * User storage. Asynchronous, as every storage port becomes for PostgreSQL (issue 14, decision
 * 024); each method is one statement, so none needs a transaction of its own.
 */
export type UserStore = {
  byId(id: string): Promise<User | null>;
  /** With the password's hash and the language the user last signed in with (null: not since languages existed). */
  byEmail(email: string): Promise<(User & { passwordHash: string | null; lang: Lang | null }) | null>;
  /**
   * One page, newest first, and how many users there are; with a search, those whose name or
   * email contains `text` (letter case ignored; `text` matched literally, LIKE's wildcards
   * escaped) or whose id is one of `ids` (issue 33).
   */
  page(page: Page, search?: UserSearch): Promise<Paged<User>>;
  countAdmins(): Promise<number>;
  /**
   * An account whose email looks like this one (the same emailSkeleton) but is another address;
   * its email, or null. Rows whose skeleton is not filled yet are not seen (fillSkeletons first).
   */
  lookAlikeOf(email: string): Promise<string | null>;
  /** Fills the skeleton of up to `batch` rows that have none (from before migration 0027/0017); how many it filled. */
  fillSkeletons(batch: number): Promise<number>;
  /** False, and nothing stored, when the email (or id) is taken. The store sets the email's skeleton. */
  insert(user: User & { passwordHash: string | null; provider: Provider; lang?: Lang | undefined }): Promise<boolean>;
  /** Records the language the user signed in with (issue 18). */
  setLang(id: string, lang: Lang): Promise<void>;
  /** 1 when changed; 0 when the user has that role already, is not there, or is the last admin (never demoted). */
  setRole(id: string, role: Role): Promise<number>;
  setName(id: string, name: string): Promise<void>;
  /** Sets the hash and bumps tokenVersion (older tokens stop working). */
  setPassword(id: string, passwordHash: string): Promise<void>;
  delete(id: string): Promise<number>;
};

export type ResetTokenStore = {
  insert(row: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void>;
  /** Marks the token used and returns its user, in one step, if it is unused and unexpired. */
  consume(tokenHash: string, now: Date): Promise<{ userId: string } | null>;
  deleteForUser(userId: string): Promise<void>;
};

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the same time as a real verify, for unknown emails (no user enumeration by timing). */
  burn(password: string): Promise<void>;
};

/**
 * Whom a session token speaks for. Normally an account, by its id: ids are never reused, so a
 * deleted account's token cannot open a new account made later with the same email. A verified
 * Firebase identity that has no profile yet is named by its email until POST /api/users
 * creates the profile.
 */
export type SessionClaims = { provider: Provider; tokenVersion: number } & (
  | { kind: 'account'; userId: string }
  | { kind: 'identity'; provider: 'firebase'; email: string }
);

export type SessionTokens = {
  issue(claims: SessionClaims): Promise<string>;
  verify(token: string): Promise<SessionClaims | null>;
};

/** What the external identity provider (Firebase) vouches for. */
export type VerifiedIdentity = { email: string; emailVerified: boolean; name: string | null };

export type IdentityVerifier = {
  verify(idToken: string): Promise<VerifiedIdentity | null>;
};

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/** The admins' user search (issue 33): a text to find in names and emails, and users found by other means (the phones of their orders). */
export type UserSearch = { text: string; ids: readonly string[] };
