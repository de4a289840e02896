import type { Logger } from '../../platform/logger.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { rateLimiterFor, signInLimiterFor } from '../../platform/shared-limits.js';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import { createFirebaseIdentityVerifier } from './adapters/firebase-identity-verifier.js';
import { createGuards } from './adapters/guards.js';
import { identityRoutes } from './adapters/http.js';
import { createJoseSessionTokens } from './adapters/jose-session-tokens.js';
import { createPgResetTokenStore, createPgUserStore } from './adapters/postgres/user-store.js';
import { createScryptHasher } from './adapters/scrypt-hasher.js';
import { createSqliteResetTokenStore, createSqliteUserStore } from './adapters/sqlite/user-store.js';
import { ensureAdmin, promoteToAdmin } from './ensure-admin.js';
import { ensureDemoCustomers } from './ensure-demo-customers.js';
import { importUsers, promoteImportedAdmin, type UserToImport } from './import-users.js';
import { normalizeEmail, type Provider } from './domain/user.js';
import type { IdentityVerifier, Mailer } from './ports.js';
import type { ResetMailContent } from './request-password-reset.js';
import type { UsersByPhone } from './manage-users.js';

export type { AuthVariables, CurrentUser } from './adapters/guards.js';

export type FirebaseSettings = { projectId: string; apiKey: string; authDomain?: string | undefined; emulatorHost?: string | undefined };

/** What the web app learns at run time about signing in (no secrets). */
export type AuthPublicConfig =
  | { provider: 'local'; googleSignIn: false }
  | {
      provider: 'firebase';
      googleSignIn: true;
      firebase: { apiKey: string; authDomain: string; projectId: string };
      emulatorUrl?: string;
    };

export type IdentityDeps = {
  database: ShopDatabase;
  clock: Clock;
  newId: IdGenerator;
  logger: Logger;
  mailer: Mailer;
  provider: Provider;
  shopName: string;
  sessionSecret: string;
  sessionTtlSeconds: number;
  publicUrl: string;
  /** Reverse proxies in front (TRUST_PROXY): which X-Forwarded-For entry is the client. */
  trustProxy: number;
  adminEmail?: string | undefined;
  /**
   * AUTH_RATE_LIMIT: failed logins per email from one address in 15 minutes (ten times that many
   * distinct emails failing per address, and past five times that many failures for one email, a
   * slow-down); sign-up and reset attempts per email (five times that per address).
   */
  rateLimitPerEmail: number;
  firebase?: FirebaseSettings | undefined;
  /** Tests inject a cheaper hash cost; production keeps the default. */
  hashCost?: { N: number; r: number; p: number };
  /** Tests may inject a verifier; by default firebase-admin is used in firebase mode. */
  verifier?: IdentityVerifier;
  /** The admins' user search by phone (issue 33): the users who ordered with a phone containing these digits. */
  usersByPhone?: UsersByPhone;
};

const resetMail =
  (shopName: string): ResetMailContent =>
  ({ name, link, lang }) =>
    lang === 'bn'
      ? resetMailInBengali(shopName, name, link)
      : {
          subject: `Reset your ${shopName} password`,
          text: `Hello ${name},\n\nSomeone (hopefully you) asked to reset the password of your ${shopName} account.\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
          html: `<p>Hello ${escapeHtml(name)},</p><p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(shopName)} account. Open this link within one hour to choose a new password:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
        };

/** The reset mail in Bengali (issue 18), for a request made in Bengali. */
const resetMailInBengali = (shopName: string, name: string, link: string) => ({
  subject: `আপনার ${shopName} পাসওয়ার্ড রিসেট করুন`,
  text: `প্রিয় ${name},\n\nকেউ (আশা করি আপনিই) আপনার ${shopName} অ্যাকাউন্টের পাসওয়ার্ড রিসেট করতে চেয়েছেন।\nনতুন পাসওয়ার্ড বেছে নিতে এক ঘণ্টার মধ্যে এই লিংকটি খুলুন:\n\n${link}\n\nআপনি না চেয়ে থাকলে মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।\n`,
  html: `<div lang="bn"><p>প্রিয় ${escapeHtml(name)},</p><p>কেউ (আশা করি আপনিই) আপনার ${escapeHtml(shopName)} অ্যাকাউন্টের পাসওয়ার্ড রিসেট করতে চেয়েছেন। নতুন পাসওয়ার্ড বেছে নিতে এক ঘণ্টার মধ্যে এই লিংকটি খুলুন:</p><p><a href="${escapeHtml(link)}">পাসওয়ার্ড রিসেট করুন</a></p><p>আপনি না চেয়ে থাকলে মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।</p></div>`,
});

/** The identity module's whole public surface. */
export function createIdentityModule(deps: IdentityDeps) {
  const { users, resets } = identityStores(deps.database);
  const hasher = createScryptHasher(deps.hashCost);
  const tokens = createJoseSessionTokens({ secret: deps.sessionSecret, ttlSeconds: deps.sessionTtlSeconds, now: () => deps.clock.now() });
  const guards = createGuards({ tokens, users });
  const fb = deps.firebase;
  if (deps.provider === 'firebase' && !fb) throw new Error('the firebase provider needs its settings');
  const verifier = deps.provider === 'firebase' && fb ? (deps.verifier ?? createFirebaseIdentityVerifier(fb.projectId)) : null;
  const window15min = 15 * 60 * 1000;
  const onError = (error: unknown) => deps.logger.warn('deleting ended limit windows failed', { error });
  // Shared by every shop process on PostgreSQL, in memory on SQLite (decision 026).
  const signIn = signInLimiterFor(deps.database, {
    scope: 'sign-in',
    onError,
    perPair: deps.rateLimitPerEmail,
    // Distinct emails, not failures (issue 40): a NAT's shoppers each mistyping their own password do not add up.
    perAddress: deps.rateLimitPerEmail * 10,
    slowDownAfter: deps.rateLimitPerEmail * 5,
    slowDownMs: 5_000,
    windowMs: window15min,
    clock: deps.clock,
  });

  const routes = identityRoutes({
    provider: deps.provider,
    users,
    usersByPhone: deps.usersByPhone,
    resets,
    hasher,
    tokens,
    verifier,
    mailer: deps.mailer,
    mailContent: resetMail(deps.shopName),
    onMailError: (error) => deps.logger.error('password reset mail failed', { error }),
    clock: deps.clock,
    newId: deps.newId,
    guards,
    adminEmail: deps.adminEmail,
    publicUrl: deps.publicUrl,
    trustProxy: deps.trustProxy,
    limits: {
      perEmail: rateLimiterFor(deps.database, { scope: 'auth-attempts:email', onError, limit: deps.rateLimitPerEmail, windowMs: window15min, clock: deps.clock }),
      perAddress: rateLimiterFor(deps.database, { scope: 'auth-attempts:address', onError, limit: deps.rateLimitPerEmail * 5, windowMs: window15min, clock: deps.clock }),
    },
    signIn,
  });

  const authDomain = fb ? (fb.authDomain ?? `${fb.projectId}.firebaseapp.com`) : '';
  const emulatorUrl = fb?.emulatorHost ? `http://${fb.emulatorHost}` : undefined;
  const publicConfig: AuthPublicConfig =
    deps.provider === 'firebase' && fb
      ? {
          provider: 'firebase',
          googleSignIn: true,
          firebase: { apiKey: fb.apiKey, authDomain, projectId: fb.projectId },
          ...(emulatorUrl ? { emulatorUrl } : {}),
        }
      : { provider: 'local', googleSignIn: false };

  /** Where the Firebase SDK in the page must be allowed to connect, frame and load from. */
  const cspSources =
    deps.provider === 'firebase'
      ? {
          connectSrc: emulatorUrl ? [emulatorUrl] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
          frameSrc: [`https://${authDomain}`, ...(emulatorUrl ? [emulatorUrl] : [])],
          scriptSrc: ['https://apis.google.com'],
        }
      : {};

  return {
    routes: [routes],
    guards: { requireUser: guards.requireUser, requireStaff: guards.requireStaff },
    publicConfig,
    cspSources,
    ensureAdmin: (input: { email: string; password?: string | undefined; name?: string }) =>
      ensureAdmin({ users, hasher, clock: deps.clock, newId: deps.newId }, input),
    hasAdmin: async () => (await users.countAdmins()) > 0,
    /** Whether the account still exists (a deleted one's claim on a phone's customer record passes on; issue 36). */
    accountExists: async (userId: string) => (await users.byId(userId)) !== null,
    /** The admin account with this email, or null (the demo orders' admin, issue 17). */
    adminByEmail: async (email: string) => {
      const user = await users.byEmail(normalizeEmail(email));
      return user?.role === 'admin' ? { userId: user.id, email: user.email } : null;
    },
    /** Demo customers' accounts (local provider only), ids in the list's order; null for an email an admin has. */
    ensureDemoCustomers: (list: ReadonlyArray<{ name: string; email: string }>) => ensureDemoCustomers({ users, hasher, clock: deps.clock, newId: deps.newId }, list),
    promoteToAdmin: (email: string) => promoteToAdmin({ users }, email),
    /** The sign-in limiter's sizes against its caps (the flood tests read them); rows on PostgreSQL. */
    signInLimitStats: () => signIn.stats(),
  };
}


/** Identity's stores: each method is one statement, so none runs in a transaction of its own. */
const identityStores = (database: ShopDatabase) =>
  bindStores(database, {
    sqlite: (side) => ({ users: createSqliteUserStore(side), resets: createSqliteResetTokenStore(side) }),
    postgres: (db) => ({ users: createPgUserStore(db), resets: createPgResetTokenStore(db) }),
  }).outside;

/**
 * For `npm run import:original` (issue 19, decision 041): the old shop's user profiles, its
 * customers' ids by email, and the admins the operator names (issue 40). `tx`: the import's one
 * transaction (a real run); without it each call reads on its own (a dry run).
 */
export function openUserImport(database: ShopDatabase, options: { provider: Provider; newId: IdGenerator; dryRun: boolean; tx?: Tx | undefined }) {
  const stores = bindStores(database, { sqlite: (side) => createSqliteUserStore(side), postgres: (db) => createPgUserStore(db) });
  const users = options.tx ? stores.in(options.tx) : stores.outside;
  return {
    importUser: (user: UserToImport) => importUsers({ users, provider: options.provider, newId: options.newId }, user, options.dryRun),
    userIdByEmail: async (email: string) => (await users.byEmail(normalizeEmail(email)))?.id ?? null,
    promoteAdmin: (email: string) => promoteImportedAdmin(users, email, options.dryRun),
  };
}
export type { UserToImport } from './import-users.js';
export { normalizeEmail };
/** The look-alike key of an email (issue 40): equal skeletons, addresses that look the same. */
export { emailSkeleton, mixesScripts } from './domain/email-skeleton.js';

/** For the admin CLI: no server, just the database. */
export const promoteAdminByEmail = (database: ShopDatabase, email: string) => promoteToAdmin({ users: identityStores(database).users }, email);
