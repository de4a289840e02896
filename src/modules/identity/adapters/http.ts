import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { acceptLanguageHeader } from '../../../platform/http/accept-language.js';
import { clientAddress } from '../../../platform/http/client-address.js';
import { ContractRouter } from '../../../platform/http/contract.js';
import { pageQuerySchema, sendPage } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { deletedAnswer, idString, modifiedAnswer, pageAnswer, typedDigits } from '../../../platform/http/wire.js';
import type { RateLimiter } from '../../../platform/rate-limit.js';
import type { SignInLimiter } from '../../../platform/sign-in-limiter.js';
import type { Clock } from '../../../shared/clock.js';
import { appError } from '../../../shared/errors.js';
import type { IdGenerator } from '../../../shared/ids.js';
import { roles } from '../../../shared/permissions.js';
import { confirmPasswordReset } from '../confirm-password-reset.js';
import { createProfile } from '../create-profile.js';
import { toPublicUser, type PublicUser } from '../domain/public-user.js';
import { emailSkeleton } from '../domain/email-skeleton.js';
import { emailProblem, normalizeEmail, type Provider } from '../domain/user.js';
import { exchangeFirebaseToken } from '../exchange-firebase-token.js';
import { logIn } from '../log-in.js';
import { assignRole, checkAdmin, deleteUser, listUsers, makeAdmin, maxUserSearchLength, type UsersByPhone } from '../manage-users.js';
import type { IdentityVerifier, Mailer, PasswordHasher, ResetTokenStore, SessionTokens, UserStore } from '../ports.js';
import { requestPasswordReset, type ResetMailContent } from '../request-password-reset.js';
import { signUp } from '../sign-up.js';
import type { AuthVariables, Guards } from './guards.js';

export type IdentityHttpDeps = {
  provider: Provider;
  users: UserStore;
  /** The admins' user search by phone: who ordered with it (ordering, wired in shop.ts; issue 33). */
  usersByPhone?: UsersByPhone | undefined;
  resets: ResetTokenStore;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  verifier: IdentityVerifier | null;
  mailer: Mailer;
  mailContent: ResetMailContent;
  onMailError: (e: unknown) => void;
  clock: Clock;
  newId: IdGenerator;
  guards: Guards;
  adminEmail?: string | undefined;
  publicUrl: string;
  trustProxy: number;
  /** Sign-up and reset attempts per email, and (more generous) per client address. */
  limits: { perEmail: RateLimiter; perAddress: RateLimiter };
  /** Logins: failures per email+address, distinct failed emails per address, a slow-down per email. */
  signIn: SignInLimiter;
};

// Every email that comes in is normalised here, once (NFKC, trimmed, lower case), and refused
// with its reason when it carries invisible characters or a trailing dot.
const email = z
  .string({ message: 'Email is required' })
  .max(1024)
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, 'Email is required')
      .superRefine((value, ctx) => {
        const problem = emailProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  );
const password = z.string({ message: 'Password is required' }).min(1, 'Password is required').max(1024);
const name = z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is too long');

const signUpBody = z.object({ name, email, password });
const logInBody = z.object({ email, password });
const resetBody = z.object({ email });
const confirmBody = z.object({ token: z.string().min(10).max(200), password });
const profileBody = z.object({ name, email });

/** The spec's wire shape of a user. */
export const publicUserSchema = z.object({ _id: z.string(), name: z.string(), email: z.string(), role: z.enum(roles) }) satisfies z.ZodType<PublicUser>;
const sessionAnswer = z.object({ token: z.string().meta({ description: 'The bearer token of later calls.' }), user: publicUserSchema });
const messageAnswer = z.object({ message: z.string() });

const tag = 'Identity';
/** An id that cannot be one names no user: the same 404 as a user that is gone. */
const userId = { params: { id: idString }, badParams: appError('users/not-found', 'No such user.') } as const;

export const sessionCookie = 'shop_session';

export function identityRoutes(deps: IdentityHttpDeps) {
  const { guards } = deps;
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({
    user: guards.requireUser as MiddlewareHandler,
    staff: guards.requireStaff,
    identity: guards.requireIdentity as MiddlewareHandler,
  });

  const tooMany = (c: Context, retryAfterSeconds: number) => {
    c.header('Retry-After', String(retryAfterSeconds));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    return sendError(c, appError('auth/rate-limited', `Too many attempts. Please wait ${wait} and try again.`));
  };

  /** 429 when this address or this email has tried too often (a refused attempt is not counted). */
  const rateLimited = async (c: Context, action: string, forEmail?: string) => {
    const keys: Array<[RateLimiter, string]> = [[deps.limits.perAddress, `${action}:addr:${clientAddress(c, deps.trustProxy)}`]];
    if (forEmail) keys.push([deps.limits.perEmail, `${action}:email:${normalizeEmail(forEmail)}`]);
    // Looked at first, counted only when every key allows it: a request one key refuses spends
    // nothing of the others (an address flooding one email's sign-up cannot use up its allowance).
    for (const [limiter, key] of keys) {
      const seen = await limiter.peek(key);
      if (!seen.allowed) return tooMany(c, seen.retryAfterSeconds);
    }
    for (const [limiter, key] of keys) {
      const counted = await limiter.hit(key);
      if (!counted.allowed) return tooMany(c, counted.retryAfterSeconds);
    }
    return null;
  };

  // Served with the local provider only (handleIf: typed either way, the web app is built for both).
  const local = deps.provider === 'local';
  app.handleIf(
    local,
    {
      method: 'post',
      path: '/auth/signup',
      tag,
      access: 'public',
      summary: 'Create a customer account (local sign-in)',
      description:
        'The email is normalised (NFKC, trimmed, lower case). An email that looks like an existing account\'s (the same letters in another script, or with accents) or that mixes scripts is refused. A role in the body is ignored: every new account is a customer.',
      body: signUpBody,
      headers: { 'accept-language': acceptLanguageHeader },
      answers: { 201: { description: 'Signed up and signed in.', body: sessionAnswer } },
      errors: ['auth/email-taken', 'auth/email-look-alike', 'auth/email-mixed-script', 'auth/weak-password', 'auth/rate-limited'],
    },
    async (c, { body, headers }) => {
      const limited = await rateLimited(c, 'signup', body.email);
      if (limited) return limited;
      return sendResult(c, await signUp(deps, { ...body, lang: headers['accept-language'] }), 201);
    },
  );

  app.handleIf(
    local,
    {
      method: 'post',
      path: '/auth/login',
      tag,
      access: 'public',
      summary: 'Sign in with email and password (local sign-in)',
      description: 'Failed attempts are limited per email and address, and per address (the distinct emails that failed from it).',
      body: logInBody,
      headers: { 'accept-language': acceptLanguageHeader },
      answers: { 200: { description: 'Signed in.', body: sessionAnswer } },
      errors: ['auth/invalid-credentials', 'auth/rate-limited'],
    },
    async (c, { body, headers }) => {
      // Failures only, and never an attempt it refused (see createSignInLimiter). Counted per
      // skeleton: look-alike spellings of one email are one email here (issue 40). Whether the
      // account exists plays no part: an unknown email is limited and answered as a known one.
      const address = clientAddress(c, deps.trustProxy);
      const who = emailSkeleton(body.email);
      const verdict = await deps.signIn.begin(who, address);
      if (!verdict.allowed) return tooMany(c, verdict.retryAfterSeconds);
      const result = await logIn(deps, { ...body, lang: headers['accept-language'] });
      await deps.signIn.end(who, address, result.ok ? 'succeeded' : 'failed');
      return sendResult(c, result);
    },
  );

  app.handleIf(
    local,
    {
      method: 'post',
      path: '/auth/password-reset',
      tag,
      access: 'public',
      summary: 'Mail a password reset link',
      description: 'Answers the same whether or not the email has an account.',
      body: resetBody,
      headers: { 'accept-language': acceptLanguageHeader },
      answers: { 200: { description: 'A link was mailed if the account exists.', body: messageAnswer } },
      errors: ['auth/rate-limited'],
    },
    async (c, { body, headers }) => {
      const limited = await rateLimited(c, 'reset', body.email);
      if (limited) return limited;
      return c.json(await requestPasswordReset(deps, { ...body, lang: headers['accept-language'] }));
    },
  );

  app.handleIf(
    local,
    {
      method: 'post',
      path: '/auth/password-reset/confirm',
      tag,
      access: 'public',
      summary: 'Choose a new password with the mailed token',
      body: confirmBody,
      answers: { 200: { description: 'Changed; earlier sessions end.', body: messageAnswer } },
      errors: ['auth/reset-token-invalid', 'auth/weak-password', 'auth/rate-limited'],
    },
    async (c, { body }) => {
      const limited = await rateLimited(c, 'reset-confirm');
      if (limited) return limited;
      return sendResult(c, await confirmPasswordReset(deps, body));
    },
  );

  // Served with the Firebase provider only (and its verifier).
  const verifier = deps.verifier;
  app.handleIf(
    deps.provider === 'firebase' && verifier !== null,
    {
      method: 'post',
      path: '/jwt',
      tag,
      access: 'public',
      summary: "Exchange a Firebase ID token for the shop's session token (Firebase sign-in)",
      // Only the Firebase ID token in the Authorization header counts; any body is ignored.
      description:
        'Send the Firebase ID token as `Authorization: Bearer <ID token>`; any body is ignored. A first sign-in creates the profile (a customer, named as the token says), so POST /api/users is not needed (it still answers 200 for an existing profile).',
      headers: { 'accept-language': acceptLanguageHeader },
      answers: { 200: { description: 'Signed in.', body: sessionAnswer } },
      errors: ['auth/invalid-token', 'http/validation', 'auth/email-look-alike', 'auth/email-mixed-script', 'auth/rate-limited'],
    },
    async (c, { headers }) => {
      const limited = await rateLimited(c, 'jwt');
      if (limited) return limited;
      const idToken = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? null;
      return sendResult(c, await exchangeFirebaseToken({ ...deps, verifier: verifier! }, idToken, headers['accept-language']));
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/auth/me',
      tag,
      access: 'user',
      summary: 'The signed-in user',
      answers: { 200: { description: 'The user of the token.', body: z.object({ user: publicUserSchema }) } },
    },
    (c) => c.json({ user: toPublicUser(c.var.user) }),
  );

  app.handle(
    {
      method: 'post',
      path: '/users',
      tag,
      access: 'identity',
      summary: "Create the caller's profile (first sign-in)",
      description: "Only for the token's own email; when the profile exists already, 200 with insertedId null.",
      body: profileBody,
      answers: {
        201: { description: 'Created.', body: z.object({ insertedId: z.string() }) },
        200: { description: 'It existed already.', body: z.object({ insertedId: z.null() }) },
      },
      errors: ['users/not-own-email', 'auth/email-look-alike', 'auth/email-mixed-script'],
    },
    async (c, { body }) => {
      const result = await createProfile(deps, { claims: c.var.claims, user: c.var.user }, body);
      return sendResult(c, result, result.ok && result.value.insertedId ? 201 : 200);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/users',
      tag,
      access: 'staff',
      permission: 'users.manage',
      summary: 'List the users, newest first',
      query: pageQuerySchema.extend({
        q: typedDigits()
          .trim()
          .max(maxUserSearchLength, `q is at most ${maxUserSearchLength} characters`)
          .optional()
          .meta({ description: 'Part of a name or an email (case ignored, taken literally), or 3 or more digits of a phone number the user ordered with (ASCII or Bengali digits; issue 33).' }),
      }),
      answers: { 200: pageAnswer('A page of the users (those the search finds, with `q`).', publicUserSchema) },
    },
    async (c, { query: { q, ...page } }) => sendPage(c, await listUsers(deps, page, q), (u) => u),
  );

  app.handle(
    {
      method: 'get',
      path: '/users/admin/:email',
      tag,
      access: 'user',
      summary: 'Is this email an admin? (your own email, or any as an admin)',
      params: { email: z.string() },
      answers: { 200: { description: 'The answer.', body: z.object({ admin: z.boolean() }) } },
      errors: ['auth/forbidden'],
    },
    async (c, { params }) => sendResult(c, await checkAdmin(deps, c.var.user, params.email)),
  );

  app.handle(
    {
      method: 'patch',
      path: '/users/admin/:id',
      tag,
      access: 'staff',
      permission: 'users.manage',
      summary: 'Make a user an admin',
      ...userId,
      answers: { 200: { description: 'Done.', body: modifiedAnswer } },
    },
    async (c, { params }) => sendResult(c, await makeAdmin(deps, params.id)),
  );

  app.handle(
    {
      method: 'delete',
      path: '/users/:id',
      tag,
      access: 'staff',
      permission: 'users.manage',
      summary: 'Delete a user',
      ...userId,
      answers: { 200: { description: 'Deleted.', body: deletedAnswer } },
      errors: ['users/cannot-delete-self', 'users/last-admin'],
    },
    async (c, { params }) => sendResult(c, await deleteUser(deps, c.var.user, params.id)),
  );

  app.handle(
    {
      method: 'patch',
      path: '/users/:id/role',
      tag,
      access: 'staff',
      permission: 'users.manage',
      summary: "Give a user a role (issue 36)",
      description: [
        'customer, or a role of the shop: admin (everything), desk (orders, customers\' records, messages, phone orders, bookings), packing (Confirmed orders without prices, packing slips, bookings),',
        'catalogue (products, categories, banners, coupons), auditor (the order log and the sales report; read only). The last admin cannot lose the role (409 users/last-admin). Takes effect on the user\'s next request.',
      ].join(' '),
      ...userId,
      body: z.object({ role: z.enum(roles, { message: `role is one of ${roles.join(', ')}` }) }),
      answers: { 200: { description: 'Done (modifiedCount 0: the user had that role already).', body: z.object({ modifiedCount: z.number().int(), role: z.enum(roles) }) } },
      errors: ['users/not-found', 'users/last-admin'],
    },
    async (c, { params, body }) => sendResult(c, await assignRole(deps, params.id, body.role)),
  );

  // Token sync: mirrors the bearer token into a short-lived HttpOnly cookie, for plain links
  // (downloads) that cannot carry a header. Same origin only.
  const sameOrigin = (c: Context) => {
    const origin = c.req.header('origin');
    const host = c.req.header('host');
    if (!origin || !host) return false;
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  };
  const refuseCrossOrigin = (c: Context) => sendError(c, appError('http/forbidden-origin', 'This call is only accepted from the shop itself.'));

  const sessionRoute = {
    tag,
    access: 'user',
    path: '/session',
    answers: { 204: { description: 'Done.', headers: { 'Set-Cookie': `${sessionCookie}: HttpOnly, SameSite=Strict, Path=/api, 300 s.` } } },
    errors: ['http/forbidden-origin'],
  } as const;

  app.handle({ ...sessionRoute, method: 'post', summary: 'Mirror the bearer token into a short-lived HttpOnly cookie (same origin only), for plain download links' }, (c) => {
    if (!sameOrigin(c)) return refuseCrossOrigin(c);
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    setCookie(c, sessionCookie, token, {
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 300,
      path: '/api',
      secure: new URL(c.req.url).protocol === 'https:',
    });
    return c.body(null, 204);
  });

  app.handle({ ...sessionRoute, method: 'delete', summary: 'Remove that cookie (same origin only)' }, (c) => {
    if (!sameOrigin(c)) return refuseCrossOrigin(c);
    deleteCookie(c, sessionCookie, { path: '/api' });
    return c.body(null, 204);
  });

  return app;
}
