import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { clientAddress } from '../../../platform/http/client-address.js';
import { readPage, sendPage } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { checkInput, parseJsonBody } from '../../../platform/http/validate.js';
import type { RateLimiter } from '../../../platform/rate-limit.js';
import type { SignInLimiter } from '../../../platform/sign-in-limiter.js';
import type { Clock } from '../../../shared/clock.js';
import { appError } from '../../../shared/errors.js';
import type { IdGenerator } from '../../../shared/ids.js';
import { confirmPasswordReset } from '../confirm-password-reset.js';
import { createProfile } from '../create-profile.js';
import { toPublicUser } from '../domain/public-user.js';
import { emailProblem, normalizeEmail, type Provider } from '../domain/user.js';
import { exchangeFirebaseToken } from '../exchange-firebase-token.js';
import { logIn } from '../log-in.js';
import { checkAdmin, deleteUser, listUsers, makeAdmin } from '../manage-users.js';
import type { IdentityVerifier, Mailer, PasswordHasher, ResetTokenStore, SessionTokens, UserStore } from '../ports.js';
import { requestPasswordReset, type ResetMailContent } from '../request-password-reset.js';
import { signUp } from '../sign-up.js';
import type { Guards } from './guards.js';

export type IdentityHttpDeps = {
  provider: Provider;
  users: UserStore;
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
  /** Logins: failures only, per email+address and per address, a slow-down per email. */
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
const idParam = z.string().regex(/^[0-9a-f]{24}$/, 'Not a valid id');

export const sessionCookie = 'shop_session';

export function identityRoutes(deps: IdentityHttpDeps) {
  const app = new Hono();
  const { guards } = deps;

  const tooMany = (c: Context, retryAfterSeconds: number) => {
    c.header('Retry-After', String(retryAfterSeconds));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    return sendError(c, appError('auth/rate-limited', `Too many attempts. Please wait ${wait} and try again.`));
  };

  /** 429 when this address or this email has tried too often (a refused attempt is not counted). */
  const rateLimited = (c: Context, action: string, forEmail?: string) => {
    const keys: Array<[RateLimiter, string]> = [[deps.limits.perAddress, `${action}:addr:${clientAddress(c, deps.trustProxy)}`]];
    if (forEmail) keys.push([deps.limits.perEmail, `${action}:email:${normalizeEmail(forEmail)}`]);
    // Looked at first, counted only when every key allows it: a request one key refuses spends
    // nothing of the others (an address flooding one email's sign-up cannot use up its allowance).
    for (const [limiter, key] of keys) {
      const seen = limiter.peek(key);
      if (!seen.allowed) return tooMany(c, seen.retryAfterSeconds);
    }
    for (const [limiter, key] of keys) {
      const counted = limiter.hit(key);
      if (!counted.allowed) return tooMany(c, counted.retryAfterSeconds);
    }
    return null;
  };

  if (deps.provider === 'local') {
    app.post('/auth/signup', async (c) => {
      const body = await parseJsonBody(c, signUpBody);
      if (!body.ok) return sendError(c, body.error);
      const limited = rateLimited(c, 'signup', body.value.email);
      if (limited) return limited;
      return sendResult(c, await signUp(deps, body.value), 201);
    });

    app.post('/auth/login', async (c) => {
      const body = await parseJsonBody(c, logInBody);
      if (!body.ok) return sendError(c, body.error);
      // Failures only, and never an attempt it refused (see createSignInLimiter).
      const address = clientAddress(c, deps.trustProxy);
      const who = body.value.email;
      const verdict = deps.signIn.begin(who, address);
      if (!verdict.allowed) return tooMany(c, verdict.retryAfterSeconds);
      const result = await logIn(deps, body.value);
      deps.signIn.end(who, address, result.ok ? 'succeeded' : 'failed');
      return sendResult(c, result);
    });

    app.post('/auth/password-reset', async (c) => {
      const body = await parseJsonBody(c, resetBody);
      if (!body.ok) return sendError(c, body.error);
      const limited = rateLimited(c, 'reset', body.value.email);
      if (limited) return limited;
      return c.json(requestPasswordReset(deps, body.value));
    });

    app.post('/auth/password-reset/confirm', async (c) => {
      const body = await parseJsonBody(c, confirmBody);
      if (!body.ok) return sendError(c, body.error);
      const limited = rateLimited(c, 'reset-confirm');
      if (limited) return limited;
      return sendResult(c, await confirmPasswordReset(deps, body.value));
    });
  }

  const verifier = deps.verifier;
  if (deps.provider === 'firebase' && verifier) {
    // Only the Firebase ID token in the Authorization header counts; any body is ignored.
    app.post('/jwt', async (c) => {
      const limited = rateLimited(c, 'jwt');
      if (limited) return limited;
      const idToken = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? null;
      return sendResult(c, await exchangeFirebaseToken({ ...deps, verifier }, idToken));
    });
  }

  app.get('/auth/me', guards.requireUser, (c) => c.json({ user: toPublicUser(c.var.user) }));

  app.post('/users', guards.requireIdentity, async (c) => {
    const body = await parseJsonBody(c, profileBody);
    if (!body.ok) return sendError(c, body.error);
    const result = createProfile(deps, { claims: c.var.claims, user: c.var.user }, body.value);
    return sendResult(c, result, result.ok && result.value.insertedId ? 201 : 200);
  });

  app.get('/users', guards.requireAdmin, (c) => {
    const page = readPage(c);
    if (!page.ok) return sendError(c, page.error);
    return sendPage(c, listUsers(deps, page.value), (u) => u);
  });

  app.get('/users/admin/:email', guards.requireUser, (c) => sendResult(c, checkAdmin(deps, c.var.user, c.req.param('email'))));

  app.patch('/users/admin/:id', guards.requireAdmin, (c) => {
    const id = checkInput(idParam, c.req.param('id'));
    if (!id.ok) return sendError(c, appError('users/not-found', 'No such user.'));
    return sendResult(c, makeAdmin(deps, id.value));
  });

  app.delete('/users/:id', guards.requireAdmin, (c) => {
    const id = checkInput(idParam, c.req.param('id'));
    if (!id.ok) return sendError(c, appError('users/not-found', 'No such user.'));
    return sendResult(c, deleteUser(deps, c.var.user, id.value));
  });

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

  app.post('/session', guards.requireUser, (c) => {
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

  app.delete('/session', guards.requireUser, (c) => {
    if (!sameOrigin(c)) return refuseCrossOrigin(c);
    deleteCookie(c, sessionCookie, { path: '/api' });
    return c.body(null, 204);
  });

  return app;
}
