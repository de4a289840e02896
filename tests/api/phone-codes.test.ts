import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsSink } from '../support/sms-sink.mjs';
import { addStockedProduct, adminSession, call, json, signUpCustomer } from '../support/http.js';
import { toBengaliDigits } from '../../src/shared/locale-format.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 16, decision 032: CHECKOUT_OTP. A 6-digit code by SMS (through a local gateway speaking the
// webhook protocol), 5 minutes, 5 tries, limited resends; an order counts only once its phone
// number is proven. Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.
type Who = { token: string; email: string };
let sink: Awaited<ReturnType<typeof startSmsSink>>;
let t: TestApp;
let figure = '';
let serial = 0;
const port = 2800 + Math.floor(Math.random() * 800);

beforeAll(async () => {
  sink = await startSmsSink({ port });
  // Every request here comes from one address: its SMS ceiling (decision 048, tests/api/sms-ceiling.test.ts) is raised out of the way.
  t = await createTestApp({ env: { CHECKOUT_OTP: 'true', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`, SMS_TIMEOUT_MS: '2000', SMS_PER_ADDRESS_HOUR: '1000', SMS_PER_ADDRESS_DAY: '1000' } });
  const admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title: 'Kitsune Figure', description: '', category: 'Figures', price: 1000, sizes: [], colors: [], images: ['https://img.test/f.webp'], variants: [{ size: '', color: '', stock: 1000 }] },
  });
  figure = (await json(res)).insertedId;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

async function shopper(): Promise<Who> {
  serial += 1;
  const c = await signUpCustomer(t, `Otp Buyer ${serial}`, `otp${serial}@example.com`);
  return { token: c.token, email: c.user.email };
}
const phoneOf = (n: number) => `0171${String(1_000_000 + n).slice(1)}0`;
const plus = (local: string) => `+88${local}`;
const askCode = (who: Who, phone: string) => call(t, 'POST', '/api/phone-codes', { token: who.token, body: { phone } });
const answer = (who: Who, phone: string, code: string) => call(t, 'POST', '/api/phone-codes/verify', { token: who.token, body: { phone, code } });
const order = (who: Who, phone: string) =>
  call(t, 'POST', '/api/orders', {
    token: who.token,
    body: { name: 'Rina', phone, address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: figure, size: '', color: '', quantity: 1 }] },
  });
/** The code in the newest SMS to that number. */
const lastCode = (phone: string) => {
  const text = sink.messages.filter((m) => m.to === plus(phone)).at(-1)?.message ?? '';
  return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
};
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const step = (seconds: number) => t.time.advance(seconds * 1000);

describe('checkout phone codes', () => {
  it('an order is refused until its phone number is proven; nothing is stored meanwhile', async () => {
    const rina = await shopper();
    const phone = phoneOf(1);
    const refused = await order(rina, phone);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error).toEqual({ code: 'ordering/phone-not-verified', message: 'Please confirm your phone number first: ask for a code and type the 6 digits we send you by SMS.' });
    expect(await t.value('select count(*) from orders')).toBe(0);

    const sent = await askCode(rina, phone);
    expect(sent.status).toBe(201);
    expect(await json(sent)).toEqual({ expiresInSeconds: 300, resendInSeconds: 30 });
    const code = lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(sink.messages.at(-1)!.message).toBe(`${code} is your Test Shop code. It expires in 5 minutes. Never share it.`);
    // Kept as an HMAC only.
    const stored = (await t.query('select code_hash from phone_checks')) as Array<{ code_hash: string }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);

    expect((await answer(rina, phone, code)).status).toBe(200);
    expect((await order(rina, phone)).status).toBe(201);
    // The same number written another way is the same number.
    expect((await order(rina, plus(phone))).status).toBe(201);
    // Another number is not proven.
    expect((await json(await order(rina, phoneOf(2)))).error.code).toBe('ordering/phone-not-verified');
  });

  it('a proof is the customer’s own: another customer with the same number must prove it too', async () => {
    const [rina, bob] = [await shopper(), await shopper()];
    const phone = phoneOf(3);
    expect((await askCode(rina, phone)).status).toBe(201);
    const code = lastCode(phone);
    expect((await json(await answer(bob, phone, code))).error.code).toBe('ordering/phone-code-missing');
    expect((await answer(rina, phone, code)).status).toBe(200);
    expect((await json(await order(bob, phone))).error.code).toBe('ordering/phone-not-verified');
  });

  it('five wrong answers spend the code, even sent at once; a new code works', async () => {
    const rina = await shopper();
    const phone = phoneOf(4);
    expect((await askCode(rina, phone)).status).toBe(201);
    const code = lastCode(phone);
    const first = await answer(rina, phone, wrongFor(code));
    expect(first.status).toBe(422);
    expect((await json(first)).error.message).toBe('That code is not right. You have 4 tries left.');
    const rest = await Promise.all(Array.from({ length: 8 }, () => answer(rina, phone, wrongFor(code))));
    const codes = await Promise.all(rest.map(async (r) => (await json(r)).error.code as string));
    expect(codes.filter((c) => c === 'ordering/phone-code-wrong')).toHaveLength(3);
    expect(codes.filter((c) => c === 'ordering/phone-code-spent')).toHaveLength(5);
    // Even the right code is refused now.
    expect((await json(await answer(rina, phone, code))).error.code).toBe('ordering/phone-code-spent');
    step(31);
    expect((await askCode(rina, phone)).status).toBe(201);
    expect((await answer(rina, phone, lastCode(phone))).status).toBe(200);
  });

  it('a code expires after 5 minutes', async () => {
    const rina = await shopper();
    const phone = phoneOf(5);
    expect((await askCode(rina, phone)).status).toBe(201);
    step(301);
    const late = await answer(rina, phone, lastCode(phone));
    expect(late.status).toBe(409);
    expect((await json(late)).error).toEqual({ code: 'ordering/phone-code-expired', message: 'This code has expired. Ask for a new code.' });
  });

  it('a new code at most every 30 seconds and 3 in 15 minutes, with Retry-After', async () => {
    const rina = await shopper();
    const phone = phoneOf(6);
    expect((await askCode(rina, phone)).status).toBe(201);
    const soon = await askCode(rina, phone);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBe(30);
    expect((await json(soon)).error.message).toBe('Please wait 30 seconds before asking for another code.');
    step(30);
    expect((await askCode(rina, phone)).status).toBe(201);
    step(30);
    expect((await askCode(rina, phone)).status).toBe(201);
    step(30);
    const fourth = await askCode(rina, phone);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBe(15 * 60 - 90);
    step(15 * 60 - 90);
    expect((await askCode(rina, phone)).status).toBe(201);
  });

  it('one customer can have codes sent to at most 10 numbers an hour', async () => {
    const rina = await shopper();
    for (let i = 0; i < 10; i++) expect((await askCode(rina, phoneOf(100 + i))).status).toBe(201);
    const eleventh = await askCode(rina, phoneOf(110));
    expect(eleventh.status).toBe(429);
    expect((await json(eleventh)).error.message).toBe('You asked for codes for too many phone numbers. Please try again in an hour.');
  });

  it('a gateway that is down: 503 with a clear message, and the next try after 30 seconds goes through', async () => {
    const rina = await shopper();
    const phone = phoneOf(7);
    sink.setDown(true);
    try {
      const failed = await askCode(rina, phone);
      expect(failed.status).toBe(503);
      expect((await json(failed)).error).toEqual({ code: 'ordering/phone-code-not-sent', message: 'We could not send the code just now. Please try again in a minute.' });
    } finally {
      sink.setDown(false);
    }
    step(30);
    expect((await askCode(rina, phone)).status).toBe(201);
  });

  it('a code asked for in Bengali (issue 18) comes in a Bengali SMS of one part, the code in ASCII digits as the field takes it', async () => {
    const sumi = await shopper();
    const phone = phoneOf(90);
    expect((await call(t, 'POST', '/api/phone-codes', { token: sumi.token, headers: { 'accept-language': 'bn' }, body: { phone } })).status).toBe(201);
    const code = lastCode(phone);
    const text = sink.messages.at(-1)!.message;
    expect(text).toBe(`${code} আপনার Test Shop কোড। ৫ মিনিট চলবে। কাউকে জানাবেন না।`);
    expect([...text].length).toBeLessThanOrEqual(70);
    expect((await answer(sumi, phone, code)).status).toBe(200);
  });

  it('a phone number and its code typed in Bengali digits (issue 33) prove the number as ASCII ones do', async () => {
    const rina = await shopper();
    const phone = phoneOf(40);
    expect((await askCode(rina, toBengaliDigits(phone))).status).toBe(201);
    const code = lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await answer(rina, toBengaliDigits(phone), toBengaliDigits(code));
    expect(verified.status).toBe(200);
    expect((await order(rina, toBengaliDigits(phone))).status).toBe(201);
  });

  it('bad input is a 400', async () => {
    const rina = await shopper();
    for (const body of [{ phone: '12345' }, {}, { phone: 17 }]) expect((await call(t, 'POST', '/api/phone-codes', { token: rina.token, body })).status).toBe(400);
    for (const code of ['12345', 'abcdef', '1234567', '']) expect((await answer(rina, phoneOf(8), code)).status).toBe(400);
  });
});

describe('without CHECKOUT_OTP', () => {
  it('orders need no code; an account may still prove a phone (to see the orders placed for it, issue 36)', async () => {
    const plain = await createTestApp();
    try {
      const boss = (await adminSession(plain)).token;
      const fox = await addStockedProduct(plain, boss, { price: 500, stock: 5 });
      // An order the desk took for Rina's phone before she had an account.
      const taken = await call(plain, 'POST', '/api/orders/staff', {
        token: boss,
        body: { customer: { name: 'Rina', phone: '01712345678', address: 'House 5, Road 2' }, lines: [{ productId: fox, quantity: 1 }], deliveryLocation: 'Inside Dhaka', channel: 'phone' },
      });
      expect(taken.status).toBe(201);
      const orderId = ((await json(taken)) as { insertedId: string }).insertedId;

      const c = await signUpCustomer(plain, 'Rina', 'rina@example.com');
      const mine = async () => ((await json(await call(plain, 'GET', '/api/orders', { token: c.token }))) as Array<{ _id: string }>).map((o) => o._id);
      expect(await mine()).toEqual([]);
      const res = await call(plain, 'POST', '/api/phone-codes', { token: c.token, body: { phone: '01712345678' } });
      expect(res.status).toBe(201);
      const line = plain.logger.lines.filter((l) => l.includes('sms (not sent') && l.includes('+8801712345678') && l.includes(' is your ')).at(-1) ?? '';
      const code = /"message":"(\d{6}) is your/.exec(line)?.[1] ?? '';
      expect((await call(plain, 'POST', '/api/phone-codes/verify', { token: c.token, body: { phone: '01712345678', code } })).status).toBe(200);
      expect(await mine()).toEqual([orderId]);
      expect((await json(await call(plain, 'GET', '/api/config'))).checkoutOtp).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
