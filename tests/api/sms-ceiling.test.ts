import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/env.js';
import { createMemoryLogger } from '../../src/platform/logger.js';
import { createShop } from '../../src/shop.js';
import { startSmsSink } from '../support/sms-sink.mjs';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 40, decision 048: SMS with a ceiling. Every SMS (checkout codes and order texts) is counted
// in the database per destination number, per client address (codes) and per shop, and against the
// shop's daily budget; codes past a ceiling are refused with Retry-After, order texts past one are
// stored `held` with the reason (the email still goes), a customer's own quick cancel sends no second
// SMS, the spent budget alerts the shop once. Against the real app and a local webhook SMS gateway;
// runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.
type Who = { token: string; email: string };
type MessageDto = { event: string; channel: string; recipient: string; state: string; lastError: string | null };

let sink: Awaited<ReturnType<typeof startSmsSink>>;
let t: TestApp;
let admin: string;
let product = '';
let serial = 0;
const extra: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  // A free port in a range the other suites do not use (they pick theirs at random too).
  for (let tries = 0; ; tries++) {
    try {
      sink = await startSmsSink({ port: 3700 + Math.floor(Math.random() * 600) });
      break;
    } catch (e) {
      if (tries > 20) throw e;
    }
  }
});
afterAll(() => sink.close());
afterEach(async () => {
  for (const s of extra.splice(0)) await s.close();
  await t.close();
});

const smsEnv = () => ({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `http://127.0.0.1:${sink.port}/sms`, SMS_TIMEOUT_MS: '2000', SHOP_ALERT_EMAIL: 'orders@shop.test' });

async function shop(env: Record<string, string> = {}) {
  sink.messages.length = 0;
  t = await createTestApp({ env: { ...smsEnv(), ...env } });
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title: 'Kitsune Figure', description: '', category: 'Figures', price: 1000, sizes: [], colors: [], images: ['https://img.test/f.webp'], variants: [{ size: '', color: '', stock: 1000 }] },
  });
  product = (await json(res)).insertedId;
}

async function shopper(): Promise<Who> {
  serial += 1;
  const c = await signUpCustomer(t, `Sms Buyer ${serial}`, `sms${serial}@example.com`);
  return { token: c.token, email: c.user.email };
}
const phoneOf = (n: number) => `0171${String(1_000_000 + n).slice(1)}1`;
const plus = (local: string) => `+88${local}`;
const from = (address: string) => ({ 'x-forwarded-for': address });
const askCode = (who: Who, phone: string, address = '198.51.100.1') => call(t, 'POST', '/api/phone-codes', { token: who.token, body: { phone }, headers: from(address) });
const lastCode = (phone: string) => /\b(\d{6})\b/.exec(sink.messages.filter((m) => m.to === plus(phone)).at(-1)?.message ?? '')?.[1] ?? '';
const textsTo = (phone: string) => sink.messages.filter((m) => m.to === plus(phone)).length;
const order = (who: Who, phone: string) =>
  call(t, 'POST', '/api/orders', {
    token: who.token,
    body: { name: 'Rina', phone, address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: product, size: '', color: '', quantity: 1 }] },
  });
async function placed(who: Who, phone: string): Promise<string> {
  const res = await order(who, phone);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).insertedId as string;
}
async function messagesOf(orderId: string): Promise<MessageDto[]> {
  const res = await call(t, 'GET', `/api/orders/${orderId}/messages`, { token: (await adminSession(t)).token });
  expect(res.status).toBe(200);
  return json(res);
}
const mailsTo = (to: string) => t.outbox.filter((m) => m.to === to);
/** An order's messages to its customer (not the shop's new-order alert): channel, state, reason. */
const customerMessages = async (orderId: string, event = 'Placed') =>
  (await messagesOf(orderId)).filter((m) => m.event === event && m.recipient !== 'orders@shop.test').map((m) => [m.channel, m.state, m.lastError]);
const usage = async () => json(await call(t, 'GET', '/api/stats/sms', { token: (await adminSession(t)).token }));

describe('checkout codes: per number, per client address and per shop', () => {
  it('50 accounts from one address asking codes for one number: at most SMS_PER_NUMBER_HOUR reach it, the rest get a 429 with Retry-After', async () => {
    await shop({ CHECKOUT_OTP: 'true' });
    const victim = phoneOf(1);
    const accounts: Who[] = [];
    for (let i = 0; i < 50; i++) accounts.push(await shopper());
    const answers = [];
    for (const who of accounts) answers.push(await askCode(who, victim, '203.0.113.7'));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    expect(textsTo(victim)).toBe(5);
    const refused = answers.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([429]));
    const first = refused[0]!;
    expect((await json(first)).error).toEqual({ code: 'ordering/sms-number-limit', message: 'This phone number was sent too many codes. Please try again in 1 hour.' });
    const wait = Number(first.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);

    // The address: 20 codes an hour whatever the numbers (the 5 above count), then 429.
    const other = [];
    for (let i = 0; i < 16; i++) other.push(await askCode(accounts[i]!, phoneOf(100 + i), '203.0.113.7'));
    expect(other.slice(0, 15).map((r) => r.status)).toEqual(Array(15).fill(201));
    expect(other[15]!.status).toBe(429);
    expect((await json(other[15]!)).error.code).toBe('ordering/sms-address-limit');
    expect(Number(other[15]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is another count; the number's own ceiling holds for it too.
    expect((await askCode(accounts[20]!, phoneOf(200), '192.0.2.9')).status).toBe(201);
    expect((await json(await askCode(accounts[21]!, victim, '192.0.2.9'))).error.code).toBe('ordering/sms-number-limit');

    // An hour later the number has 5 more (SMS_PER_NUMBER_DAY 10 in 24 hours), then none until the day is over.
    t.time.advance(61 * 60_000);
    const later = [];
    for (let i = 22; i < 29; i++) later.push((await askCode(await shopper(), victim, `192.0.2.${i}`)).status); // (sessions last an hour here)
    expect(later).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(textsTo(victim)).toBe(10);
    expect(await usage()).toMatchObject({ today: 26, codesToday: 26, lastHour: 5, heldToday: 0, budgetSpent: false, ceilings: { perNumberHour: 5, perNumberDay: 10, perAddressHour: 20, perAddressDay: 50, dailyBudget: 500 } });
  });

  it('an IPv6 client counts by its /64: a fresh address in the same network is the same address', async () => {
    await shop({ CHECKOUT_OTP: 'true', SMS_PER_ADDRESS_HOUR: '3' });
    const asked = [];
    for (let i = 1; i <= 4; i++) asked.push(await askCode(await shopper(), phoneOf(300 + i), `2001:db8:7:9::${i.toString(16)}`));
    expect(asked.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect((await json(asked[3]!)).error.code).toBe('ordering/sms-address-limit');
    expect((await askCode(await shopper(), phoneOf(305), '2001:db8:7:a::1')).status).toBe(201);
  });

  it('codes asked for at once: count and add are one step, so exactly SMS_PER_NUMBER_HOUR go', async () => {
    await shop({ CHECKOUT_OTP: 'true' });
    const victim = phoneOf(9);
    const accounts: Who[] = [];
    for (let i = 0; i < 20; i++) accounts.push(await shopper());
    const answers = await Promise.all(accounts.map((who, i) => askCode(who, victim, `192.0.2.${100 + i}`)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
    expect(textsTo(victim)).toBe(5);
    expect(Number(await t.value('select count(*) as count from sms_sends'))).toBe(5);
  });

  it('the counts are in the database: a restarted shop (or another process) still refuses the number', async () => {
    await shop({ CHECKOUT_OTP: 'true' });
    const victim = phoneOf(2);
    for (let i = 0; i < 5; i++) expect((await askCode(await shopper(), victim, `192.0.2.${i}`)).status).toBe(201);

    // A second shop over the same database, nothing shared in memory with the first.
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: t.dir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      SHOP_NAME: 'Test Shop',
      PUBLIC_URL: 'http://shop.test',
      TRUST_PROXY: '1',
      CHECKOUT_OTP: 'true',
      MESSAGE_POLL_SECONDS: '3600',
      DATABASE_URL: t.database.engine === 'postgres' ? (t.database.handle.pool.options.connectionString as string) : undefined,
      ...smsEnv(),
    });
    if (!env.ok) throw new Error(env.message);
    const again = await createShop({ env: env.env, clock: t.time.clock, logger: createMemoryLogger(), mailer: { kind: 'log', send: async () => undefined }, hashCost: { N: 1024, r: 8, p: 1 }, webDistDir: null });
    extra.push(again);
    const signed = await again.app.request('/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'After Restart', email: 'after-restart@example.com', password: 'Sakura#2026' }) });
    expect(signed.status).toBe(201);
    const token = (await signed.json()).token as string;
    const refused = await again.app.request('/api/phone-codes', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.77' }, body: JSON.stringify({ phone: victim }) });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('ordering/sms-number-limit');
    expect(textsTo(victim)).toBe(5);
  });
});

describe('order texts', () => {
  it('with CHECKOUT_OTP off, one number gets at most SMS_PER_NUMBER_HOUR texts; the rest are held with the reason, the emails go', async () => {
    await shop();
    const rina = await shopper();
    const typed = phoneOf(3);
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push(await placed(rina, typed));
    const turn = await t.messages.runOnce();
    expect(turn).toMatchObject({ taken: 21, sent: 19, held: 2 }); // an SMS and two emails (the customer's, the shop's) an order
    expect(textsTo(typed)).toBe(5);
    expect(mailsTo(rina.email)).toHaveLength(7);
    expect(await customerMessages(ids[6]!)).toEqual([
      ['sms', 'held', 'sms-number-hour'],
      ['email', 'sent', null],
    ]);
    // Held is final: a later turn sends nothing more to the number.
    t.time.advance(2 * 60 * 60_000);
    await t.messages.runOnce();
    expect(textsTo(typed)).toBe(5);
    const seen = await usage();
    expect(seen).toMatchObject({ today: 5, codesToday: 0, heldToday: 2 });
  });

  it("a customer's own cancel right after placing sends no second SMS (the email goes); a later cancel does", async () => {
    await shop();
    const rina = await shopper();
    const typed = phoneOf(4);
    const quick = await placed(rina, typed);
    await t.messages.runOnce();
    expect(textsTo(typed)).toBe(1);
    expect((await call(t, 'DELETE', `/api/orders/${quick}`, { token: rina.token })).status).toBe(200);
    await t.messages.runOnce();
    expect(textsTo(typed)).toBe(1);
    expect(mailsTo(rina.email).map((m) => m.subject)).toEqual([expect.stringMatching(/placed/), expect.stringMatching(/canceled/)]);
    const canceled = (await messagesOf(quick)).filter((m) => m.event === 'CanceledByCustomer');
    expect(canceled.map((m) => [m.channel, m.state, m.lastError])).toEqual([
      ['sms', 'skipped', 'quick-cancel'],
      ['email', 'sent', null],
    ]);

    // Canceled after SMS_QUIET_CANCEL_MINUTES (30): the customer is told by SMS as before.
    const slow = await placed(rina, typed);
    t.time.advance(31 * 60_000);
    expect((await call(t, 'DELETE', `/api/orders/${slow}`, { token: rina.token })).status).toBe(200);
    await t.messages.runOnce();
    expect(textsTo(typed)).toBe(3);
  });
});

describe('the daily SMS budget', () => {
  it('spent: order texts fall back to email, codes are refused (429 ordering/sms-budget-spent) until the next day, the shop is alerted once', async () => {
    await shop({ CHECKOUT_OTP: 'true', SMS_DAILY_BUDGET: '3' });
    const [rina, bob, sumi] = [await shopper(), await shopper(), await shopper()];
    // A code (1), its order's text (2), a second code (3): the budget is spent.
    const a = phoneOf(5);
    expect((await askCode(rina, a)).status).toBe(201);
    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: rina.token, body: { phone: a, code: lastCode(a) } })).status).toBe(200);
    await placed(rina, a);
    await t.messages.runOnce();
    const b = phoneOf(6);
    expect((await askCode(bob, b)).status).toBe(201);
    expect((await call(t, 'POST', '/api/phone-codes/verify', { token: bob.token, body: { phone: b, code: lastCode(b) } })).status).toBe(200);
    const bobs = await placed(bob, b);
    const turn = await t.messages.runOnce();
    expect(turn).toMatchObject({ sent: 2, held: 1 }); // the emails went (Bob's, the shop's new-order alert), the SMS did not
    expect(textsTo(b)).toBe(1); // the code only
    expect(mailsTo(bob.email)).toHaveLength(1);
    expect(await customerMessages(bobs)).toEqual([
      ['sms', 'held', 'sms-budget-spent'],
      ['email', 'sent', null],
    ]);

    // Codes now: refused until midnight in Dhaka (the test clock is at 06:00 there: 18 hours).
    const refused = await askCode(sumi, phoneOf(7));
    expect(refused.status).toBe(429);
    expect((await json(refused)).error).toEqual({ code: 'ordering/sms-budget-spent', message: 'The shop has sent all its SMS for today, so it cannot send a code now. Please try again tomorrow, or call the shop.' });
    expect(Number(refused.headers.get('retry-after'))).toBe(18 * 3600);
    expect(textsTo(phoneOf(7))).toBe(0);

    // One alert, however often the budget refuses.
    await askCode(sumi, phoneOf(8));
    await t.messages.runOnce();
    await t.messages.runOnce();
    const alerts = mailsTo('orders@shop.test').filter((m) => /SMS budget/.test(m.subject));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe("Test Shop: today's SMS budget is spent");
    expect(await usage()).toMatchObject({ today: 3, codesToday: 2, heldToday: 1, budgetSpent: true, ceilings: { dailyBudget: 3 } });

    // The next day in Dhaka the budget is whole again.
    t.time.advance(18 * 3600 * 1000);
    expect((await askCode(await shopper(), phoneOf(7), '198.51.100.2')).status).toBe(201); // (sessions last an hour here)
    expect(await usage()).toMatchObject({ today: 1, budgetSpent: false });
  });
});
