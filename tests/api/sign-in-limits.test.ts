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
    // The address's set of failed emails is full (10 x AUTH_RATE_LIMIT = 100 distinct emails, the
    // owner's one of them) after 99 more emails; everything after is refused unseen.
    for (let i = 0; i < 200; i++) await login(`spray${i}@example.com`, wrong, '10.4.0.1');
    const after = await t.identity.signInLimitStats();
    expect(after.pairs.entries).toBe(before.pairs.entries + 99);
    expect(after.emails.entries).toBe(before.emails.entries + 99);
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
      // At most the address's 100 distinct emails (on PostgreSQL, its set's rows beside its own).
      expect(map.entries).toBeLessThanOrEqual(101);
      expect(map.entries).toBeLessThanOrEqual(map.maxEntries);
      expect(map.bytes).toBeLessThanOrEqual(map.maxBytes);
    }
  }, 120_000);
});

describe('sign-in limits that hold a NAT\'s shoppers apart (issue 40)', () => {
  it('limits failures for an email with no account per email and address, answered as a known one; look-alike spellings count as one', async () => {
    await signUpCustomer(t, 'Owner', 'owner@example.com');
    const known: Response[] = [];
    const unknown: Response[] = [];
    for (let i = 0; i < 11; i++) known.push(await login('owner@example.com', wrong, '10.8.0.1'));
    // The unknown email's tries alternate between two spellings that look alike (Cyrillic о and е).
    for (let i = 0; i < 11; i++) unknown.push(await login(i % 2 === 0 ? 'nobody@example.com' : 'nоbоdy@еxample.com', wrong, '10.8.0.2'));
    expect(known.map((r) => r.status)).toEqual([...Array(10).fill(401), 429]);
    expect(unknown.map((r) => r.status)).toEqual(known.map((r) => r.status));
    // The same answers: nothing tells whether the account exists.
    expect((await json(unknown[0] as Response)).error).toEqual((await json(known[0] as Response)).error);
    expect((await json(unknown[10] as Response)).error).toEqual((await json(known[10] as Response)).error);
    expect(unknown[10]?.headers.get('retry-after')).toBe(known[10]?.headers.get('retry-after'));
    // Another address is not held back by those failures.
    expect((await login('nobody@example.com', wrong, '10.8.0.3')).status).toBe(401);
  });

  it('lets 40 shoppers behind one address each fail twice and then sign in', async () => {
    const shoppers = Array.from({ length: 40 }, (_, i) => `shopper${i}@example.com`);
    for (const email of shoppers) await signUpCustomer(t, 'Shopper', email);
    // 80 failures from one carrier NAT: more than the old cap of 5 x AUTH_RATE_LIMIT = 50 failures.
    for (const email of shoppers) for (let k = 0; k < 2; k++) expect((await login(email, wrong, '100.64.0.1')).status).toBe(401);
    const statuses = [];
    for (const email of shoppers) statuses.push((await login(email, strongPassword, '100.64.0.1')).status);
    expect(statuses).toEqual(shoppers.map(() => 200));
  });

  it('cuts off one address spraying 500 unique emails after 10 x AUTH_RATE_LIMIT distinct emails', async () => {
    await signUpCustomer(t, 'Victim', 'victim@example.com');
    await signUpCustomer(t, 'Neighbour', 'neighbour@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 500; i++) statuses.push((await login(`sprayed${i}@example.com`, wrong, '203.0.113.9')).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.slice(100).every((s) => s === 429)).toBe(true);
    // Spraying: a new email is refused from that address even with its right password (checking it
    // would tell the sprayer which guesses are right) ...
    expect((await login('victim@example.com', strongPassword, '203.0.113.9')).status).toBe(429);
    // ... the emails it already failed for may go on up to their own limit ...
    expect((await login('sprayed0@example.com', wrong, '203.0.113.9')).status).toBe(401);
    // ... and everyone elsewhere is untouched.
    expect((await login('victim@example.com', strongPassword, '203.0.113.10')).status).toBe(200);
    // Once the window has passed, the address starts again with an empty set.
    t.time.advance(15 * 60_000);
    expect((await login('neighbour@example.com', strongPassword, '203.0.113.9')).status).toBe(200);
  });

  it('a correct password gets in from an address where only other emails failed, below the spraying cap', async () => {
    await signUpCustomer(t, 'Owner', 'owner@example.com');
    for (let i = 0; i < 99; i++) for (let k = 0; k < 2; k++) await login(`other${i}@example.com`, wrong, '100.64.0.2');
    expect((await login('owner@example.com', strongPassword, '100.64.0.2')).status).toBe(200);
    // The success takes its place back: one more email may still fail there, then the set is full.
    expect((await login('late@example.com', wrong, '100.64.0.2')).status).toBe(401);
    expect((await login('later@example.com', wrong, '100.64.0.2')).status).toBe(429);
  });
});

describe('look-alike emails (issue 40)', () => {
  const signUp = (email: string) => call(t, 'POST', '/api/auth/signup', { body: { name: 'Someone', email, password: strongPassword } });

  it.each([
    ['аlice@example.com', 'Cyrillic а'],
    ['aliće@example.com', 'Latin ć'],
    ['ＡＬＩĆＥ@example.com', 'fullwidth letters and an accent'],
    ['alicе@еxample.com', 'Cyrillic е in the local part and the domain'],
    ['αlice@example.com', 'Greek α'],
    ['alice@exаmple.com', 'Cyrillic а in the domain'],
    ['ali̇ce@example.com', 'a combining dot above'],
  ])('refuses %j (%s) next to alice@example.com, accepts a distinct real email', async (email, why) => {
    await signUpCustomer(t, 'Alice', 'alice@example.com');
    const res = await signUp(email);
    expect(res.status, why).toBe(409);
    expect((await json(res)).error).toEqual({ code: 'auth/email-look-alike', message: 'This email looks like one already registered. Please use a different email.' });
    expect((await signUp('alicia@example.com')).status).toBe(201);
    expect(await t.value('select count(*) as count from users where email like ?', '%example.com')).toBe(2);
  });

  it('a fullwidth spelling of the same email is the same email: taken', async () => {
    await signUpCustomer(t, 'Alice', 'alice@example.com');
    expect((await json(await signUp('ａｌｉｃｅ@example.com'))).error.code).toBe('auth/email-taken');
  });

  it.each(['pаypal@example.com', 'bob@exаmple.com', 'rinaরিনা@example.com', 'yamada.たろう@example.jp'])('refuses %j, which mixes scripts, with a 400 that says why', async (email) => {
    const res = await signUp(email);
    expect(res.status).toBe(400);
    expect((await json(res)).error).toEqual({ code: 'auth/email-mixed-script', message: 'This email mixes letters of different alphabets. Please check it or use a different email.' });
  });

  it('accepts distinct real emails, in one script each (or scripts written together)', async () => {
    await signUpCustomer(t, 'Alice', 'alice@example.com');
    for (const email of ['rene@example.com', 'rené.dupont@example.com', 'রিনা@example.com', 'алиса@example.ru', 'алисе@example.com', '山田たろう@example.jp', 'bob1@example.com', 'bobl@example.com']) {
      expect((await signUp(email)).status, email).toBe(201);
    }
    // rené next to rene: that one is a look-alike.
    expect((await json(await signUp('rené@example.com'))).error.code).toBe('auth/email-look-alike');
  });

  it('finds the look-alike of an account from before the skeleton column (its skeleton filled on the way)', async () => {
    await signUpCustomer(t, 'Zoë', 'zoë@example.com');
    // As migration 0027/0017 leaves a row whose email is not ASCII.
    await t.query('update users set email_skeleton = null where email = ?', 'zoë@example.com');
    const res = await signUp('zoe@example.com');
    expect((await json(res)).error?.code).toBe('auth/email-look-alike');
    expect(await t.value('select email_skeleton from users where email = ?', 'zoë@example.com')).toBe('zoe@example.com');
  });
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
