import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { startSmsSink } from '../support/sms-sink.mjs';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { pdfPages, visualOrder } from '../support/pdf-text.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 18: emails, SMS and PDFs in the customer's language. The web app sends the language it
// shows as Accept-Language; an order records the one it was placed in (its Placed event, hashed,
// and the listing), and its messages and invoice speak it; a password reset mail speaks the
// request's. SMS through the webhook adapter to a local gateway, mail to the test's outbox.
// Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.
let sink: Awaited<ReturnType<typeof startSmsSink>>;
let t: TestApp;
let admin: string;
let rina: string;
let product = '';
const port = 3600 + Math.floor(Math.random() * 800);

beforeAll(async () => {
  sink = await startSmsSink({ port });
  // Seven texts to one number within minutes, a cancel among them: the SMS ceilings (decision 048) out of the way.
  t = await createTestApp({ env: { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`, SMS_TIMEOUT_MS: '2000', SMS_PER_NUMBER_HOUR: '100', SMS_PER_NUMBER_DAY: '100', SMS_QUIET_CANCEL_MINUTES: '0' } });
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title: 'Kitsune Figure', description: '', category: 'Figures', price: 1500, sizes: ['M'], colors: ['Red'], images: ['https://img.test/f.webp'], variants: [{ size: 'M', color: 'Red', stock: 1000 }] },
  });
  product = (await json(res)).insertedId;
  rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const checkout = { name: 'রিনা আক্তার', phone: '01712345678', address: 'বাড়ি ৫, রোড ২, ধানমন্ডি', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
async function place(language?: string, headers: Record<string, string> = {}) {
  const res = await call(t, 'POST', '/api/orders', {
    token: rina,
    headers: { ...(language ? { 'accept-language': language } : {}), ...headers },
    body: { ...checkout, items: [{ productId: product, size: 'M', color: 'Red', quantity: 2 }] },
  });
  expect(res.status, await res.clone().text()).toBeLessThan(202);
  const answer = await json(res);
  return { id: answer.insertedId as string, number: answer.order.orderNumber as number };
}
const bn = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
const smsTo = (phone: string) => sink.messages.filter((m) => m.to === phone).map((m) => m.message);
const mailsTo = (email: string) => t.outbox.filter((m) => m.to === email);
const langOf = async (orderId: string) => t.value('select lang from orders where id = ?', orderId);
const placedPayload = async (orderId: string) => {
  const payload = await t.value('select payload from order_events where order_id = ? and seq = 1', orderId);
  return JSON.parse(String(payload)) as Record<string, unknown>;
};

describe('an order placed in Bengali', () => {
  it('records bn in its Placed event and listing; its SMS and email go out in Bengali, an English order as the spec writes it', async () => {
    const bengali = await place('bn-BD,bn;q=0.9,en-US;q=0.8');
    const english = await place('en');
    const unspoken = await place();
    const foreign = await place('fr-FR,de;q=0.8');
    expect(await placedPayload(bengali.id)).toMatchObject({ lang: 'bn' });
    expect(await placedPayload(english.id)).toMatchObject({ lang: 'en' });
    expect([await langOf(bengali.id), await langOf(english.id), await langOf(unspoken.id), await langOf(foreign.id)]).toEqual(['bn', 'en', 'en', 'en']);

    await t.messages.runOnce();
    // 2 x 1500 + 60 (Inside Dhaka) = 3060.
    expect(smsTo('+8801712345678')).toEqual([
      `অর্ডার ${bn(bengali.number)} হয়েছে: ৩,০৬০ টাকা, ক্যাশ অন ডেলিভারি। ফোনে নিশ্চিত করব।`,
      ...[english, unspoken, foreign].map((o) => `Order ${o.number} placed: 3,060 BDT, cash on delivery. We will call you to confirm it. - Test Shop`),
    ]);
    const [bengaliMail, englishMail] = mailsTo('rina@example.com');
    expect(bengaliMail?.subject).toBe(`অর্ডার ${bn(bengali.number)} হয়েছে: ৩,০৬০ টাকা`);
    expect(bengaliMail?.text).toContain('প্রিয় রিনা আক্তার,');
    expect(bengaliMail?.text).toContain('- Kitsune Figure (M, Red) × ২: ৩,০০০ টাকা');
    expect(bengaliMail?.text).toContain('ডেলিভারি চার্জ (ঢাকার ভিতরে): ৬০ টাকা');
    expect(bengaliMail?.text).toContain('মোট: ৩,০৬০ টাকা, ক্যাশ অন ডেলিভারি');
    expect(englishMail?.subject).toBe(`Order ${english.number} placed: 3,060 BDT`);
    expect(englishMail?.text).toContain('- Kitsune Figure (M, Red) x 2: 3,000 BDT');

    // Later events speak the language the order was placed in, whoever acts and in whatever language.
    sink.messages.length = 0;
    for (const o of [bengali, english]) {
      const res = await call(t, 'PATCH', `/api/orders/${o.id}`, { token: admin, headers: { 'accept-language': 'en' }, body: { status: 'Confirmed' } });
      expect(res.status).toBe(200);
    }
    expect((await call(t, 'DELETE', `/api/orders/${unspoken.id}`, { token: rina, headers: { 'accept-language': 'bn' } })).status).toBe(200);
    await t.messages.runOnce();
    expect(smsTo('+8801712345678')).toEqual([
      `অর্ডার ${bn(bengali.number)} নিশ্চিত: ৩,০৬০ টাকা, ক্যাশ অন ডেলিভারি। এখনই পাঠাচ্ছি।`,
      `Order ${english.number} confirmed: 3,060 BDT, cash on delivery. We are sending it to you now. - Test Shop`,
      `Order ${unspoken.number} (3,060 BDT) is canceled, as you asked. - Test Shop`,
    ]);
    expect(mailsTo('rina@example.com').map((m) => m.subject).slice(4)).toEqual([`অর্ডার ${bn(bengali.number)} নিশ্চিত হয়েছে`, `Order ${english.number} confirmed`, `Order ${unspoken.number} canceled`]);

    // The language is part of the hashed log and of the listing the audit compares with it.
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
  });

  it('a retry with the same Idempotency-Key in the other language is the same order, in its first language', async () => {
    const first = await place('bn', { 'idempotency-key': 'lang-retry-0001' });
    const again = await place('en', { 'idempotency-key': 'lang-retry-0001' });
    expect(again.id).toBe(first.id);
    expect(await langOf(first.id)).toBe('bn');
  });

  it("a listing row that disagrees with the Placed event's language fails the audit", async () => {
    const o = await place('bn');
    await t.query("update orders set lang = 'en' where id = ?", o.id);
    try {
      expect((await auditOrderLog(t.database)).problem).toMatchObject({ orderId: o.id, reason: 'the listing table disagrees with the log' });
    } finally {
      await t.query("update orders set lang = 'bn' where id = ?", o.id);
    }
    expect((await auditOrderLog(t.database)).problem).toBeNull();
  });
});

describe('invoices and packing slips in the order language', () => {
  const pdf = async (path: string, token = admin) => {
    const res = await call(t, 'GET', path, { token });
    expect(res.status, path).toBe(200);
    return pdfPages(new Uint8Array(await res.arrayBuffer()));
  };

  it("the invoice of a Bengali order is in Bengali (the customer's too); ?lang=en gives English", async () => {
    const o = await place('bn');
    const [page] = await pdf(`/api/orders/${o.id}/invoice.pdf`, rina);
    for (const words of ['ইনভয়েস', `অর্ডার ${bn(o.number)}`, 'অবস্থা: অপেক্ষমাণ', 'ফোন: +8801712345678', 'ডেলিভারি এলাকা: ঢাকার ভিতরে', 'সাইজ M, রং Red', '৩,০০০ টাকা', 'মোট', '৩,০৬০ টাকা', 'ক্যাশ অন ডেলিভারি: ৩,০৬০ টাকা আদায় করুন']) {
      expect(page, words).toContain(visualOrder(words));
    }
    expect(page).not.toContain('BDT');
    expect(page).not.toContain('Invoice');

    const [english] = await pdf(`/api/orders/${o.id}/invoice.pdf?lang=en`, rina);
    for (const words of ['Invoice', `Order ${o.number}`, 'Status: Pending', 'Delivery zone: Inside Dhaka', 'Total 3,060 BDT', 'Cash On Delivery: collect 3,060 BDT']) expect(english, words).toContain(words);
    const bad = await call(t, 'GET', `/api/orders/${o.id}/invoice.pdf?lang=fr`, { token: rina });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('http/validation');
  });

  it('packing slips: each page in its order language, or all in the one asked for', async () => {
    const b = await place('bn');
    const e = await place('en');
    const pages = await pdf(`/api/orders/packing-slips.pdf?ids=${b.id},${e.id}`);
    expect(pages[0]).toContain(visualOrder('প্যাকিং স্লিপ'));
    expect(pages[0]).toContain(visualOrder('ক্যাশ অন ডেলিভারি: ৩,০৬০ টাকা আদায় করুন'));
    expect(pages[1]).toContain('Packing slip');
    expect(pages[1]).toContain('Cash On Delivery: collect 3,060 BDT');
    const allEnglish = await pdf(`/api/orders/packing-slips.pdf?ids=${b.id},${e.id}&lang=en`);
    expect(allEnglish.every((p) => p.includes('Packing slip') && p.includes('collect 3,060 BDT'))).toBe(true);
    const allBengali = await pdf(`/api/orders/packing-slips.pdf?ids=${b.id},${e.id}&lang=bn`);
    expect(allBengali.every((p) => p.includes(visualOrder('প্যাকিং স্লিপ')))).toBe(true);
  });
});

describe('password reset and the profile language', () => {
  const reset = (email: string, language?: string) =>
    call(t, 'POST', '/api/auth/password-reset', { body: { email }, ...(language ? { headers: { 'accept-language': language } } : {}) });
  const userLang = (email: string) => t.value('select lang from users where email = ?', email);

  it('a reset asked for in Bengali arrives in Bengali; in English as before', async () => {
    await signUpCustomer(t, 'Karim', 'karim@example.com');
    expect(await userLang('karim@example.com')).toBeNull();
    expect((await reset('karim@example.com', 'bn')).status).toBe(200);
    const mail = mailsTo('karim@example.com').at(-1);
    expect(mail?.subject).toBe('আপনার Test Shop পাসওয়ার্ড রিসেট করুন');
    expect(mail?.text).toContain('প্রিয় Karim,');
    expect(mail?.text).toMatch(/http:\/\/shop\.test\/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(mail?.html).toContain('<div lang="bn">');
    expect((await reset('karim@example.com', 'en-GB,en;q=0.9')).status).toBe(200);
    expect(mailsTo('karim@example.com').at(-1)?.subject).toBe('Reset your Test Shop password');
    expect((await reset('karim@example.com')).status).toBe(200);
    expect(mailsTo('karim@example.com').at(-1)?.subject).toBe('Reset your Test Shop password');
  });

  it('sign-up and log-in record the language; a reset that names none follows the last one', async () => {
    const signedUp = await call(t, 'POST', '/api/auth/signup', { headers: { 'accept-language': 'bn' }, body: { name: 'Sumi', email: 'sumi@example.com', password: 'Sakura#2026' } });
    expect(signedUp.status).toBe(201);
    expect(await userLang('sumi@example.com')).toBe('bn');
    expect((await reset('sumi@example.com')).status).toBe(200);
    expect(mailsTo('sumi@example.com').at(-1)?.subject).toBe('আপনার Test Shop পাসওয়ার্ড রিসেট করুন');

    const logIn = (language?: string) => call(t, 'POST', '/api/auth/login', { body: { email: 'sumi@example.com', password: 'Sakura#2026' }, ...(language ? { headers: { 'accept-language': language } } : {}) });
    expect((await logIn('en')).status).toBe(200);
    expect(await userLang('sumi@example.com')).toBe('en');
    expect((await logIn()).status).toBe(200); // a sign-in that names no language changes nothing
    expect(await userLang('sumi@example.com')).toBe('en');
    expect((await reset('sumi@example.com')).status).toBe(200);
    expect(mailsTo('sumi@example.com').at(-1)?.subject).toBe('Reset your Test Shop password');
  });
});
