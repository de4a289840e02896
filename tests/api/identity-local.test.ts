import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { weakPasswordMessage } from '../../src/shared/password-rule.js';
import { adminSession, call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
const me = (token?: string) => call(t, 'GET', '/api/auth/me', { token });

describe('sign-up', () => {
  it('creates a customer and answers a token that works at once', async () => {
    const res = await call(t, 'POST', '/api/auth/signup', { body: { name: ' Rina ', email: 'Rina@Example.com', password: strongPassword } });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.user).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Rina', email: 'rina@example.com', role: 'customer' });
    expect(await json(await me(body.token))).toEqual({ user: body.user });
  });

  it('ignores a role, or anything else, in the body', async () => {
    const res = await call(t, 'POST', '/api/auth/signup', {
      body: { name: 'Mallory', email: 'mallory@example.com', password: strongPassword, role: 'admin', tokenVersion: -1, _id: 'x' },
    });
    expect(res.status).toBe(201);
    const { token, user } = await json(res);
    expect(user.role).toBe('customer');
    expect(await json(await call(t, 'GET', '/api/users/admin/mallory@example.com', { token }))).toEqual({ admin: false });
    expect((await call(t, 'GET', '/api/users', { token })).status).toBe(403);
  });

  it.each(['short1!', 'nodigits!!', 'nosymbol123', '12345678!', ''])('refuses the password %j with the spec message', async (password) => {
    const res = await call(t, 'POST', '/api/auth/signup', { body: { name: 'A', email: 'a@example.com', password } });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    if (password === '') expect(error.code).toBe('http/validation');
    else expect(error).toEqual({ code: 'auth/weak-password', message: weakPasswordMessage });
  });

  it('requires name and a valid email, naming the field', async () => {
    for (const [body, path] of [
      [{ email: 'a@example.com', password: strongPassword }, 'name'],
      [{ name: '  ', email: 'a@example.com', password: strongPassword }, 'name'],
      [{ name: 'A', email: 'not-an-email', password: strongPassword }, 'email'],
      [{ name: 'A', password: strongPassword }, 'email'],
      [{ name: 'A', email: 'a@example.com', password: 12345678 }, 'password'],
    ] as const) {
      const res = await call(t, 'POST', '/api/auth/signup', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await json(res);
      expect(error.code).toBe('http/validation');
      expect(error.issues[0].path).toBe(path);
    }
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    await signUpCustomer(t, 'Rina', 'rina@example.com');
    const res = await call(t, 'POST', '/api/auth/signup', { body: { name: 'Other', email: ' RINA@example.COM', password: strongPassword } });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('auth/email-taken');
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.app.request('/api/auth/signup', { method: 'POST', body: 'name=a&email=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect((await json(res)).error.code).toBe('http/unsupported-media-type');
  });
});

describe('login', () => {
  it('answers a token and the user for the right password', async () => {
    await signUpCustomer(t, 'Rina', 'rina@example.com');
    const res = await call(t, 'POST', '/api/auth/login', { body: { email: 'RINA@example.com', password: strongPassword } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.user.email).toBe('rina@example.com');
    expect((await me(body.token)).status).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    await signUpCustomer(t, 'Rina', 'rina@example.com');
    for (const body of [
      { email: 'rina@example.com', password: 'Wrong#Pass1' },
      { email: 'nobody@example.com', password: strongPassword },
    ]) {
      const res = await call(t, 'POST', '/api/auth/login', { body });
      expect(res.status).toBe(401);
      expect((await json(res)).error).toEqual({ code: 'auth/invalid-credentials', message: 'Wrong Email or Password!' });
    }
  });
});

describe('session tokens', () => {
  const claims = { prov: 'local', ver: 0 };
  const sign = (jwt: SignJWT) => jwt.sign(secret);
  const base = () =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(rinaId).setIssuer('anime-shop').setAudience('anime-shop-web').setIssuedAt();

  // Tokens name the account by its id (issue 12), not by its email.
  let rinaId = '';
  beforeEach(async () => {
    rinaId = (await signUpCustomer(t, 'Rina', 'rina@example.com')).user._id;
  });

  it('accepts a well-formed token (the baseline for the refusals below)', async () => {
    expect((await me(await sign(base().setExpirationTime('1h')))).status).toBe(200);
  });

  it.each([
    ['no token', async () => undefined],
    ['garbage', async () => 'not.a.token'],
    ['unsigned (alg none)', async () => new UnsecuredJWT(claims).setSubject(rinaId).setIssuer('anime-shop').setAudience('anime-shop-web').setIssuedAt().setExpirationTime('1h').encode()],
    ['another key', async () => base().setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-0123456789'))],
    ['another algorithm (HS512, same key)', async () => new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).setSubject(rinaId).setIssuer('anime-shop').setAudience('anime-shop-web').setIssuedAt().setExpirationTime('1h').sign(secret)],
    ['expired', async () => sign(base().setExpirationTime(Math.floor(new Date('2025-12-31T00:00:00Z').getTime() / 1000)))],
    ['without exp', async () => sign(base())],
    ['not valid before the future', async () => sign(base().setExpirationTime('2h').setNotBefore(Math.floor(new Date('2026-01-01T01:00:00Z').getTime() / 1000)))],
    ['wrong audience', async () => sign(base().setAudience('someone-else').setExpirationTime('1h'))],
    ['wrong issuer', async () => sign(base().setIssuer('evil').setExpirationTime('1h'))],
    ['an older token version', async () => new SignJWT({ prov: 'local', ver: -1 }).setProtectedHeader({ alg: 'HS256' }).setSubject(rinaId).setIssuer('anime-shop').setAudience('anime-shop-web').setIssuedAt().setExpirationTime('1h').sign(secret)],
  ])('refuses %s with 401', async (_name, make) => {
    const res = await me(await make());
    expect(res.status).toBe(401);
    expect((await json(res)).error).toEqual({ code: 'auth/unauthenticated', message: 'Please log in.' });
  });

  it('expires with the session length', async () => {
    const { token } = await json(await call(t, 'POST', '/api/auth/login', { body: { email: 'rina@example.com', password: strongPassword } }));
    expect((await me(token)).status).toBe(200);
    t.time.advance(3601 * 1000);
    expect((await me(token)).status).toBe(401);
  });

  it("stops working at once for a deleted user, and a promotion counts at once", async () => {
    const admin = await adminSession(t);
    const bob = await signUpCustomer(t, 'Bob', 'bob@example.com');
    expect((await call(t, 'GET', '/api/users', { token: bob.token })).status).toBe(403);
    await call(t, 'PATCH', `/api/users/admin/${bob.user._id}`, { token: admin.token });
    expect((await call(t, 'GET', '/api/users', { token: bob.token })).status).toBe(200);

    const carol = await signUpCustomer(t, 'Carol', 'carol@example.com');
    expect((await call(t, 'DELETE', `/api/users/${carol.user._id}`, { token: admin.token })).status).toBe(200);
    expect((await me(carol.token)).status).toBe(401);
    // Nor can the deleted user's token recreate a profile.
    expect((await call(t, 'POST', '/api/users', { token: carol.token, body: { name: 'Carol', email: 'carol@example.com' } })).status).toBe(401);
  });
});

describe('password reset', () => {
  const requestReset = (email: string) => call(t, 'POST', '/api/auth/password-reset', { body: { email } });
  const confirm = (token: string, password: string) => call(t, 'POST', '/api/auth/password-reset/confirm', { body: { token, password } });
  const tokenFromMail = () => {
    const link = /http:\/\/shop\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(t.outbox.at(-1)?.text ?? '');
    if (!link?.[1]) throw new Error('no reset link in the mail');
    return link[1];
  };

  it('answers the same whether or not the account exists, and mails only a real account', async () => {
    await signUpCustomer(t, 'Rina', 'rina@example.com');
    const known = await requestReset('RINA@example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual(await json(unknown));
    await new Promise((r) => setTimeout(r, 10));
    expect(t.outbox.map((m) => m.to)).toEqual(['rina@example.com']);
    expect(t.outbox[0]?.subject).toBe('Reset your Test Shop password');
  });

  it('sets the new password once, signs older sessions out, and the link cannot be reused', async () => {
    const { token: oldSession } = await signUpCustomer(t, 'Rina', 'rina@example.com');
    await requestReset('rina@example.com');
    await new Promise((r) => setTimeout(r, 10));
    const resetToken = tokenFromMail();

    const weak = await confirm(resetToken, 'weakpass');
    expect(weak.status).toBe(400);
    expect((await json(weak)).error.code).toBe('auth/weak-password');

    const done = await confirm(resetToken, 'New#Pass2026');
    expect(done.status).toBe(200);
    expect((await call(t, 'POST', '/api/auth/login', { body: { email: 'rina@example.com', password: 'New#Pass2026' } })).status).toBe(200);
    expect((await call(t, 'POST', '/api/auth/login', { body: { email: 'rina@example.com', password: strongPassword } })).status).toBe(401);
    expect((await me(oldSession)).status).toBe(401);

    const again = await confirm(resetToken, 'Other#Pass2026');
    expect(again.status).toBe(400);
    expect((await json(again)).error.code).toBe('auth/reset-token-invalid');
  });

  it('refuses a link older than one hour, and a made-up one', async () => {
    await signUpCustomer(t, 'Rina', 'rina@example.com');
    await requestReset('rina@example.com');
    await new Promise((r) => setTimeout(r, 10));
    t.time.advance(61 * 60 * 1000);
    expect((await json(await confirm(tokenFromMail(), 'New#Pass2026'))).error.code).toBe('auth/reset-token-invalid');
    expect((await json(await confirm('x'.repeat(43), 'New#Pass2026'))).error.code).toBe('auth/reset-token-invalid');
  });

  it('stores only a hash of the token', async () => {
    await signUpCustomer(t, 'Rina', 'rina@example.com');
    await requestReset('rina@example.com');
    await new Promise((r) => setTimeout(r, 10));
    const stored = (await t.query<{ token_hash: string }>('select token_hash from password_resets')).map((r) => r.token_hash);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]).not.toBe(tokenFromMail());
  });

  it('escapes markup from the user in the mail', async () => {
    await signUpCustomer(t, '<img src=x onerror=alert(1)>', 'rina@example.com');
    await requestReset('rina@example.com');
    await new Promise((r) => setTimeout(r, 10));
    const html = t.outbox[0]?.html ?? '';
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
});

describe('users', () => {
  it('POST /api/users creates only the caller’s own profile', async () => {
    const rina = await signUpCustomer(t, 'Rina', 'rina@example.com');
    expect((await call(t, 'POST', '/api/users', { body: { name: 'X', email: 'x@example.com' } })).status).toBe(401);
    const other = await call(t, 'POST', '/api/users', { token: rina.token, body: { name: 'X', email: 'x@example.com', role: 'admin' } });
    expect(other.status).toBe(403);
    expect((await json(other)).error.code).toBe('users/not-own-email');
    const own = await call(t, 'POST', '/api/users', { token: rina.token, body: { name: 'Rina', email: 'rina@example.com', role: 'admin' } });
    expect(own.status).toBe(200);
    expect(await json(own)).toEqual({ insertedId: null });
    expect((await json(await me(rina.token))).user.role).toBe('customer');
    expect(await t.value('select count(*) from users')).toBe(1);
  });

  it('GET /api/users: admin only, newest first, no secrets', async () => {
    const admin = await adminSession(t);
    const rina = await signUpCustomer(t, 'Rina', 'rina@example.com');
    t.time.advance(1000);
    await signUpCustomer(t, 'Bob', 'bob@example.com');
    expect((await call(t, 'GET', '/api/users')).status).toBe(401);
    expect((await call(t, 'GET', '/api/users', { token: rina.token })).status).toBe(403);
    const res = await call(t, 'GET', '/api/users', { token: admin.token });
    expect(res.status).toBe(200);
    const list = await json(res);
    expect(list.map((u: { email: string }) => u.email)).toEqual(['bob@example.com', 'rina@example.com', 'boss@shop.test']);
    for (const u of list) expect(Object.keys(u).sort()).toEqual(['_id', 'email', 'name', 'role']);
  });

  it('GET /api/users/admin/:email: one’s own flag, or anyone’s for an admin', async () => {
    const admin = await adminSession(t);
    const rina = await signUpCustomer(t, 'Rina', 'rina@example.com');
    await signUpCustomer(t, 'Bob', 'bob@example.com');
    const ask = (email: string, token?: string) => call(t, 'GET', `/api/users/admin/${encodeURIComponent(email)}`, { token });
    expect((await ask('rina@example.com')).status).toBe(401);
    expect(await json(await ask('Rina@Example.com', rina.token))).toEqual({ admin: false });
    expect((await ask('bob@example.com', rina.token)).status).toBe(403);
    expect((await ask('boss@shop.test', rina.token)).status).toBe(403);
    expect(await json(await ask('boss@shop.test', admin.token))).toEqual({ admin: true });
    expect(await json(await ask('bob@example.com', admin.token))).toEqual({ admin: false });
  });

  it('PATCH /api/users/admin/:id: admin only; counts what changed', async () => {
    const admin = await adminSession(t);
    const rina = await signUpCustomer(t, 'Rina', 'rina@example.com');
    const bob = await signUpCustomer(t, 'Bob', 'bob@example.com');
    const promote = (id: string, token?: string) => call(t, 'PATCH', `/api/users/admin/${id}`, { token });
    expect((await promote(bob.user._id)).status).toBe(401);
    expect((await promote(bob.user._id, rina.token)).status).toBe(403);
    expect((await promote(rina.user._id, rina.token)).status).toBe(403);
    expect(await json(await promote(bob.user._id, admin.token))).toEqual({ modifiedCount: 1 });
    expect(await json(await promote(bob.user._id, admin.token))).toEqual({ modifiedCount: 0 });
    expect((await promote('0123456789abcdef01234567', admin.token)).status).toBe(404);
    expect((await promote('not-an-id', admin.token)).status).toBe(404);
  });

  it('DELETE /api/users/:id: admin only, never oneself, never the last admin', async () => {
    const admin = await adminSession(t);
    const rina = await signUpCustomer(t, 'Rina', 'rina@example.com');
    const bob = await signUpCustomer(t, 'Bob', 'bob@example.com');
    const remove = (id: string, token?: string) => call(t, 'DELETE', `/api/users/${id}`, { token });
    expect((await remove(bob.user._id)).status).toBe(401);
    expect((await remove(bob.user._id, rina.token)).status).toBe(403);
    expect((await remove(rina.user._id, rina.token)).status).toBe(403);

    const self = await remove(admin.user._id, admin.token);
    expect(self.status).toBe(409);
    expect((await json(self)).error.code).toBe('users/cannot-delete-self');

    expect(await json(await remove(bob.user._id, admin.token))).toEqual({ deletedCount: 1 });
    expect((await remove(bob.user._id, admin.token)).status).toBe(404);

    // A second admin may remove the first; then the one left is the last and stays.
    await call(t, 'PATCH', `/api/users/admin/${rina.user._id}`, { token: admin.token });
    expect(await json(await remove(admin.user._id, rina.token))).toEqual({ deletedCount: 1 });
    expect((await json(await remove(rina.user._id, rina.token))).error.code).toBe('users/cannot-delete-self');
    expect(await t.identity.hasAdmin()).toBe(true);
  });
});

describe('rate limits', () => {
  it('limits failed logins per email and address, then distinct emails per address, with 429 and Retry-After', async () => {
    const limited = await createTestApp({ rateLimitPerEmail: 3 });
    try {
      const login = (email: string, ip: string) =>
        call(limited, 'POST', '/api/auth/login', { body: { email, password: 'Wrong#Pass1' }, headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 3; i++) expect((await login('rina@example.com', '10.0.0.1')).status).toBe(401);
      // Another address is not locked out by these failures (sign-in-limits.test.ts).
      expect((await login('rina@example.com', '10.0.0.2')).status).toBe(401);
      const refused = await login('rina@example.com', '10.0.0.1');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await json(refused)).error).toEqual({ code: 'auth/rate-limited', message: 'Too many attempts. Please wait 15 minutes and try again.' });

      // Per address: failures for 10 x 3 distinct emails from one address (issue 40: distinct emails, not failures).
      for (let i = 0; i < 30; i++) expect((await login(`user${i}@example.com`, '10.0.0.9')).status).toBe(401);
      expect((await login('fresh@example.com', '10.0.0.9')).status).toBe(429);
      expect((await login('fresh@example.com', '10.0.0.10')).status).toBe(401);

      limited.time.advance(15 * 60 * 1000);
      expect((await login('rina@example.com', '10.0.0.1')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-ups and reset requests too', async () => {
    const limited = await createTestApp({ rateLimitPerEmail: 2 });
    try {
      for (let i = 0; i < 2; i++) expect((await call(limited, 'POST', '/api/auth/password-reset', { body: { email: 'a@example.com' } })).status).toBe(200);
      expect((await call(limited, 'POST', '/api/auth/password-reset', { body: { email: 'a@example.com' } })).status).toBe(429);
      const signUp = () => call(limited, 'POST', '/api/auth/signup', { body: { name: 'A', email: 'b@example.com', password: 'weak' } });
      await signUp();
      await signUp();
      expect((await signUp()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('token sync cookie', () => {
  it('mirrors the token into a short HttpOnly SameSite=Strict cookie, same origin only', async () => {
    const rina = await signUpCustomer(t, 'Rina', 'rina@example.com');
    const post = (headers: Record<string, string>, token?: string) => call(t, 'POST', '/api/session', { token, headers });
    expect((await post({ origin: 'http://localhost', host: 'localhost' })).status).toBe(401);
    expect((await post({ origin: 'https://evil.example', host: 'localhost' }, rina.token)).status).toBe(403);
    expect((await post({ host: 'localhost' }, rina.token)).status).toBe(403);

    const res = await post({ origin: 'http://localhost', host: 'localhost' }, rina.token);
    expect(res.status).toBe(204);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`shop_session=${rina.token}`);
    expect(cookie).toMatch(/Max-Age=300/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api/);

    const cleared = await call(t, 'DELETE', '/api/session', { token: rina.token, headers: { origin: 'http://localhost', host: 'localhost' } });
    expect(cleared.status).toBe(204);
    expect(cleared.headers.get('set-cookie')).toMatch(/shop_session=;.*Max-Age=0/);
  });
});

describe('provider endpoints', () => {
  it('has no /api/jwt in local mode: an email is never enough for a token', async () => {
    const res = await call(t, 'POST', '/api/jwt', { body: { email: 'boss@shop.test' } });
    expect(res.status).toBe(404);
  });
});

describe('first admin', () => {
  it('makes sure of the configured admin at every start, password included', async () => {
    expect(await t.identity.ensureAdmin({ email: 'Boss@Shop.test', password: 'First#Pass1' })).toEqual({ created: true });
    const login = (password: string) => call(t, 'POST', '/api/auth/login', { body: { email: 'boss@shop.test', password } });
    expect((await json(await login('First#Pass1'))).user.role).toBe('admin');
    expect(await t.identity.ensureAdmin({ email: 'boss@shop.test', password: 'Second#Pass2' })).toEqual({ created: false });
    expect((await login('First#Pass1')).status).toBe(401);
    expect((await login('Second#Pass2')).status).toBe(200);
  });

  it('generates a password that passes the shop’s rule when none is configured', async () => {
    const result = await t.identity.ensureAdmin({ email: 'admin@shop.local' });
    expect(result.created).toBe(true);
    const res = await call(t, 'POST', '/api/auth/login', { body: { email: 'admin@shop.local', password: result.generatedPassword } });
    expect((await json(res)).user.role).toBe('admin');
    expect(await t.identity.ensureAdmin({ email: 'admin@shop.local' })).toEqual({ created: false });
  });

  it('promotes an existing user from the CLI', async () => {
    await signUpCustomer(t, 'Rina', 'rina@example.com');
    expect(await t.identity.promoteToAdmin('RINA@example.com')).toBe('promoted');
    expect(await t.identity.promoteToAdmin('rina@example.com')).toBe('already-admin');
    expect(await t.identity.promoteToAdmin('nobody@example.com')).toBe('not-found');
  });
});
