import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 12: sign-in limits an attacker cannot turn against the owner, one spelling per email,
// tokens that name the account, and the client address from the right end of X-Forwarded-For.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimitPerEmail: 10, trustProxy: 1 });
});
afterEach(() => t.close());

const login = (email: string, password: string, address: string) =>
  call(t, 'POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });
const wrong = 'Wrong#Pass1';

describe('sign-in limits', () => {
  it("does not spend an email's reset allowance on requests an address was already refused for", async () => {
    const reset = (email: string, address: string) => call(t, 'POST', '/api/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': address } });
    // One address uses up its own allowance (5 x AUTH_RATE_LIMIT) on other emails ...
    for (let i = 0; i < 50; i++) expect((await reset(`someone-${i}@example.com`, '10.9.0.1')).status).toBe(200);
    // ... then keeps asking for the victim's email: refused, and not counted against that email.
    for (let i = 0; i < 30; i++) expect((await reset('victim@example.com', '10.9.0.1')).status).toBe(429);
    expect((await reset('victim@example.com', '192.0.2.8')).status).toBe(200);
  });

  it('lets the owner in from a clean address after 200 failures for their email from 20 other addresses', async () => {
    await signUpCustomer(t, 'Owner', 'owner@example.com');
    let failures = 0;
    for (let i = 0; i < 10; i++) {
      for (let a = 0; a < 20; a++) {
        // Past 50 failures for the email, the attackers get one try every 5 seconds between them.
        if (failures >= 50) t.time.advance(5_000);
        expect((await login('owner@example.com', wrong, `10.1.0.${a}`)).status).toBe(401);
        failures += 1;
      }
    }
    const locked = await login('owner@example.com', strongPassword, '10.1.0.3');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await json(locked)).error).toEqual({ code: 'auth/rate-limited', message: 'Too many attempts. Please wait 3 minutes and try again.' });

    const owner = await login('owner@example.com', strongPassword, '192.0.2.7');
    expect(owner.status).toBe(200);
    expect((await json(owner)).user.email).toBe('owner@example.com');
  });

  it('slows guessing one email from many addresses to one try every few seconds per failing address', async () => {
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < 10; i++) expect((await login('owner@example.com', wrong, `10.2.0.${a}`)).status).toBe(401);
    }
    // 50 failures for the email (5 x AUTH_RATE_LIMIT): an address that has failed for it waits.
    expect((await login('owner@example.com', wrong, '10.3.0.1')).status).toBe(401);
    expect((await login('owner@example.com', wrong, '10.3.0.1')).status).toBe(401);
    const slowed = await login('owner@example.com', wrong, '10.3.0.1');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    expect((await json(slowed)).error.message).toMatch(/^Too many attempts\. Please wait \d seconds? and try again\.$/);
    t.time.advance(5_000);
    expect((await login('owner@example.com', wrong, '10.3.0.1')).status).toBe(401);
  });

  it('does not record attempts it refused: the counts stop at the limit', async () => {
    for (let i = 0; i < 10; i++) expect((await login('owner@example.com', wrong, '10.4.0.1')).status).toBe(401);
    const before = await t.identity.signInLimitStats();
    for (let i = 0; i < 100; i++) expect((await login('owner@example.com', wrong, '10.4.0.1')).status).toBe(429);
    // The address is at its own cap of 50 after 40 more emails; everything after is refused unseen.
    for (let i = 0; i < 200; i++) await login(`spray${i}@example.com`, wrong, '10.4.0.1');
    const after = await t.identity.signInLimitStats();
    expect(after.pairs.entries).toBe(before.pairs.entries + 40);
    expect(after.emails.entries).toBe(before.emails.entries + 40);
    // The owner's email has 10 failures, not 110: another address still fails normally, and the
    // slow-down (past 50 failures for the email) has not started.
    for (let i = 0; i < 5; i++) expect((await login('owner@example.com', wrong, '10.4.0.2')).status).toBe(401);
  });

  it('does not count successes: 15 logins in a row from one address all succeed', async () => {
    await signUpCustomer(t, 'Owner', 'owner@example.com');
    for (let i = 0; i < 15; i++) expect((await login('owner@example.com', strongPassword, '10.5.0.1')).status).toBe(200);
  });

  it('keeps its maps under their caps through 20,000 unique-email failures from one address', async () => {
    for (let start = 0; start < 20_000; start += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, i) => login(`u${start + i}@example.com`, wrong, '10.6.0.1')));
    }
    const stats = await t.identity.signInLimitStats();
    for (const map of [stats.pairs, stats.addresses, stats.emails]) {
      expect(map.entries).toBeLessThanOrEqual(50);
      expect(map.entries).toBeLessThanOrEqual(map.maxEntries);
      expect(map.bytes).toBeLessThanOrEqual(map.maxBytes);
    }
  }, 60_000);
});

describe('client address behind TRUST_PROXY=1', () => {
  it('reads the right end of X-Forwarded-For: a forged left entry does not reset the limit', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await call(t, 'POST', '/api/auth/login', { body: { email: 'owner@example.com', password: wrong }, headers: { 'x-forwarded-for': `6.6.6.${i}, 1.2.3.4` } });
      expect(res.status).toBe(401);
    }
    const forged = await call(t, 'POST', '/api/auth/login', { body: { email: 'owner@example.com', password: wrong }, headers: { 'x-forwarded-for': '9.9.9.9, 1.2.3.4' } });
    expect(forged.status).toBe(429);
    expect((await login('owner@example.com', wrong, '1.2.3.5')).status).toBe(401);
  });

  it('takes the Nth entry from the right with N proxies, the left-most when there are fewer', async () => {
    const two = await createTestApp({ rateLimitPerEmail: 1, trustProxy: 2 });
    try {
      const attempt = (forwarded: string) => call(two, 'POST', '/api/auth/login', { body: { email: 'a@example.com', password: wrong }, headers: { 'x-forwarded-for': forwarded } });
      expect((await attempt('6.6.6.6, 5.5.5.5, 10.0.0.1')).status).toBe(401);
      expect((await attempt('7.7.7.7, 5.5.5.5, 10.0.0.2')).status).toBe(429);
      expect((await attempt('5.5.5.5')).status).toBe(429);
      expect((await attempt('4.4.4.4, 10.0.0.1')).status).toBe(401);
    } finally {
      await two.close();
    }
  });
});

describe('one spelling per email', () => {
  it('logs a fullwidth, upper-case, padded spelling into the same account', async () => {
    await signUpCustomer(t, 'Admin', 'admin@example.com');
    const res = await login('ＡＤＭＩＮ@Example.COM ', strongPassword, '10.7.0.1');
    expect(res.status).toBe(200);
    expect((await json(res)).user.email).toBe('admin@example.com');
    const again = await call(t, 'POST', '/api/auth/signup', { body: { name: 'Twin', email: 'ＡＤＭＩＮ@EXAMPLE.com', password: strongPassword } });
    expect((await json(again)).error.code).toBe('auth/email-taken');
  });

  it.each([
    ['a\u200b@x.com', 'Email must not contain control or invisible characters'],
    ['a\u202e@x.com', 'Email must not contain control or invisible characters'],
    ['a\u0007@x.com', 'Email must not contain control or invisible characters'],
    ['a@x.com.', 'Email must not end with a dot'],
  ])('refuses %j at sign-up with a 400 that says why', async (email, message) => {
    const res = await call(t, 'POST', '/api/auth/signup', { body: { name: 'A', email, password: strongPassword } });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('http/validation');
    expect(JSON.stringify(error)).toContain(message);
  });
});

describe('session tokens name the account', () => {
  it('a deleted account’s token does not open a new account with the same email', async () => {
    const admin = await adminSession(t);
    const first = await signUpCustomer(t, 'Rina', 'rina@example.com');
    expect((await call(t, 'DELETE', `/api/users/${first.user._id}`, { token: admin.token })).status).toBe(200);
    const second = await signUpCustomer(t, 'Rina again', 'rina@example.com');
    expect((await call(t, 'GET', '/api/auth/me', { token: first.token })).status).toBe(401);
    const me = await call(t, 'GET', '/api/auth/me', { token: second.token });
    expect(me.status).toBe(200);
    expect((await json(me)).user._id).toBe(second.user._id);
  });
});
