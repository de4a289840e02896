import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgMessageStore } from '../../src/modules/messages/adapters/postgres/message-store.js';
import { createSqliteMessageStore } from '../../src/modules/messages/adapters/sqlite/message-store.js';
import type { MessageOutbox } from '../../src/modules/messages/message-outbox.js';
import { createSmtpMailer } from '../../src/platform/mailer/mailer.js';
import { startSmtpSink } from '../support/smtp-sink.mjs';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, testEngine, type TestApp, type TestAppOptions } from '../support/test-app.js';

// The messages about orders (issue 16), through the real parts: the outbox rows written in the
// event's transaction, the worker, the webhook and BulkSMSBD adapters against local HTTP servers
// that speak each protocol (its failures included), and email through a real SMTP server. The
// worker's own loop is slowed to an hour here; each test runs its turns with runOnce() and moves
// the shop's clock instead of sleeping through the back-off.

type Gateway = {
  url: string;
  requests: Array<{ path: string; contentType: string; body: string }>;
  /** What the server does with the next requests. */
  mode: 'ok' | 'error' | 'hang' | 'balance' | 'sender';
  close(): Promise<void>;
};

/** A local HTTP server answering as `answer` says; `hang` never answers (until closed). */
async function gateway(answer: (g: Gateway, req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<Gateway> {
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      g.requests.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
      if (g.mode === 'hang') return void hanging.add(res);
      answer(g, req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const g: Gateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    mode: 'ok',
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return g;
}

/** SMS_WEBHOOK_URL's protocol: JSON {to, message} in, any 2xx out. */
const webhookServer = () =>
  gateway((g, _req, _body, res) => {
    if (g.mode === 'ok') res.writeHead(200, { 'content-type': 'application/json' }).end('{"queued":true}');
    else res.writeHead(503, { 'content-type': 'text/plain' }).end('relay is down');
  });

/** BulkSMSBD's "Single SMS API" as its documentation describes it: HTTP 200 and a JSON response_code. */
const bulkSmsBdServer = () =>
  gateway((g, req, body, res) => {
    const form = new URLSearchParams(body);
    const code =
      req.url !== '/api/smsapi' || !form.get('number') || !form.get('message') ? 1003
      : form.get('api_key') !== 'test-bulk-key-123' ? 1011
      : g.mode === 'balance' ? 1007
      : g.mode === 'sender' || form.get('senderid') !== '8809617611111' ? 1002
      : g.mode === 'error' ? 1005
      : 202;
    const answer =
      code === 202
        ? { response_code: 202, message_id: g.requests.length, success_message: 'SMS Submitted Successfully', error_message: '' }
        : { response_code: code, error_message: { 1002: 'sender id not correct/sender id is disabled', 1003: 'Please Required all fields', 1005: 'Internal Error', 1007: 'Balance Insufficient', 1011: 'User Id not found' }[code] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });

/** A port nothing listens on (a gateway that is down). */
async function deadUrl() {
  const g = await gateway(() => undefined);
  await g.close();
  return g.url;
}

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const smtpPort = 2640 + (testEngine === 'postgres' ? 1 : 0);
beforeAll(async () => {
  sink = await startSmtpSink({ port: smtpPort });
});
afterAll(() => sink.close());

let t: TestApp;
let admin: string;
let rina: string;
let productId: string;
const open: Gateway[] = [];
afterEach(async () => {
  await t.close();
  await Promise.all(open.splice(0).map((g) => g.close()));
});

async function shop(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  t = await createTestApp({
    ...options,
    env: { MESSAGE_POLL_SECONDS: '3600', SMS_TIMEOUT_MS: '300', SHOP_ALERT_EMAIL: 'orders@shop.test', SHOP_ALERT_PHONE: '01811111111', ...env },
  });
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
  productId = (await json(await call(t, 'GET', '/api/products?limit=1')))[0]._id;
}

const checkout = { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
const order = (body: Record<string, unknown> = {}) => call(t, 'POST', '/api/orders', { token: rina, body: { ...checkout, items: [{ productId, quantity: 1 }], ...body } });
async function placed(body: Record<string, unknown> = {}) {
  const res = await order(body);
  expect(res.status, await res.clone().text()).toBe(201);
  const answer = await json(res);
  return { id: answer.insertedId as string, number: answer.order.orderNumber as number, total: answer.order.amount as number };
}
type MessageDto = { id: string; event: string; channel: string; recipient: string; subject: string | null; body: string; state: string; attempts: number; lastError: string | null; nextAttemptAt: string | null; createdAt: string; sentAt: string | null };
/** The order page's messages, as an admin sees them (signed in afresh: tests move the clock by hours). */
async function messagesOf(orderId: string, query = ''): Promise<MessageDto[]> {
  const res = await call(t, 'GET', `/api/orders/${orderId}/messages${query}`, { token: (await adminSession(t)).token });
  expect(res.status).toBe(200);
  return json(res);
}
const messageCount = async () => Number(await t.value('select count(*) as count from order_messages'));
const taka = (n: number) => `${n.toLocaleString('en-US')} BDT`;
const sms = (m: MessageDto[]) => m.filter((x) => x.channel === 'sms');
const secondsAfter = (later: string | null, earlier: Date) => (new Date(later ?? 0).getTime() - earlier.getTime()) / 1000;

describe('the outbox: messages are written with the event', () => {
  it("placing an order stores the customer's SMS and email and the shop's alerts, in the order's transaction; a refused order stores nothing", async () => {
    await shop();
    const { id, number, total } = await placed();
    const messages = await messagesOf(id);
    expect(messages.map((m) => [m.event, m.channel, m.recipient, m.state, m.attempts])).toEqual([
      ['Placed', 'sms', '+8801712345678', 'pending', 0],
      ['Placed', 'email', 'rina@example.com', 'pending', 0],
      ['Placed', 'sms', '+8801811111111', 'pending', 0],
      ['Placed', 'email', 'orders@shop.test', 'pending', 0],
    ]);
    expect(messages[0]!.body).toBe(`Order ${number} placed: ${taka(total)}, cash on delivery. We will call you to confirm it. - Test Shop`);
    expect(messages[1]!.subject).toBe(`Order ${number} placed: ${taka(total)}`);
    expect(messages[0]).toMatchObject({ lastError: null, sentAt: null, createdAt: t.time.clock.now().toISOString(), nextAttemptAt: t.time.clock.now().toISOString() });

    // Paged, with the count in X-Total-Count; admins only; an unknown order is a 404.
    const page = await call(t, 'GET', `/api/orders/${id}/messages?limit=2&offset=1`, { token: admin });
    expect(page.headers.get('x-total-count')).toBe('4');
    expect((await json(page)).map((m: MessageDto) => m.recipient)).toEqual(['rina@example.com', '+8801811111111']);
    expect((await call(t, 'GET', `/api/orders/${id}/messages`, { token: rina })).status).toBe(403);
    expect((await call(t, 'GET', `/api/orders/${'f'.repeat(24)}/messages`, { token: admin })).status).toBe(404);
    expect((await call(t, 'GET', '/api/orders/not-an-id/messages', { token: admin })).status).toBe(404);

    // Refused orders (out of stock, a wrong total) write no message.
    expect((await order({ items: [{ productId, quantity: 99 }] })).status).toBe(409);
    expect((await order({ amount: 1 })).status).toBe(409);
    expect(await messageCount()).toBe(4);

    // The outbox is written in the order's own transaction: when the database refuses the
    // messages, the order is not placed either (no listing row, no event, stock untouched).
    const before = { orders: await t.value('select count(*) as count from orders'), events: await t.value('select count(*) as count from order_events') };
    if (t.database.engine === 'sqlite') t.database.handle.sqlite.exec("create trigger test_refuse_message before insert on order_messages begin select raise(abort, 'refused by the test'); end");
    else {
      await t.database.handle.pool.query(`create function test_refuse_message() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$;
        create trigger test_refuse_message before insert on order_messages for each row execute function test_refuse_message();`);
    }
    expect((await order()).status).toBe(500);
    expect({ orders: await t.value('select count(*) as count from orders'), events: await t.value('select count(*) as count from order_events') }).toEqual(before);
    expect(await messageCount()).toBe(4);
  });

  it('confirming and canceling tell the customer (not the shop); deleting tells nobody', async () => {
    await shop();
    const [a, b, c] = [await placed(), await placed(), await placed()];
    expect((await call(t, 'PATCH', `/api/orders/${a.id}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
    expect((await call(t, 'PATCH', `/api/orders/${b.id}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/orders/${c.id}`, { token: rina })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/orders/${a.id}`, { token: admin })).status).toBe(200);
    // A refused change (a Canceled order confirmed) writes nothing either.
    expect((await call(t, 'PATCH', `/api/orders/${b.id}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(409);

    const after = async (id: string, event: string) => (await messagesOf(id)).filter((m) => m.event === event).map((m) => [m.channel, m.recipient, m.subject ?? m.body]);
    expect(await after(a.id, 'Confirmed')).toEqual([
      ['sms', '+8801712345678', `Order ${a.number} confirmed: ${taka(a.total)}, cash on delivery. We are sending it to you now. - Test Shop`],
      ['email', 'rina@example.com', `Order ${a.number} confirmed`],
    ]);
    expect(await after(b.id, 'Canceled')).toEqual([
      ['sms', '+8801712345678', `Order ${b.number} (${taka(b.total)}) was canceled by the shop. Questions? Call us on +880 1711-111111. - Test Shop`],
      ['email', 'rina@example.com', `Order ${b.number} canceled`],
    ]);
    expect(await after(c.id, 'CanceledByCustomer')).toEqual([
      ['sms', '+8801712345678', `Order ${c.number} (${taka(c.total)}) is canceled, as you asked. - Test Shop`],
      ['email', 'rina@example.com', `Order ${c.number} canceled`],
    ]);
    expect(await after(a.id, 'Deleted')).toEqual([]);
    expect(await messageCount()).toBe(3 * 4 + 3 * 2);
  });
});

describe('the worker', () => {
  it('sends SMS through the webhook (JSON to, message) and email through SMTP; each message ends sent', async () => {
    const relay = await webhookServer();
    open.push(relay);
    await shop({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${relay.url}/send` }, { mailer: createSmtpMailer(`smtp://127.0.0.1:${smtpPort}`, '"Test Shop" <shop@test.example>') });
    const { id, number, total } = await placed();
    expect(relay.requests).toEqual([]); // nothing is sent in the order's path

    expect(await t.messages.runOnce()).toEqual({ taken: 4, sent: 4, retried: 0, failed: 0, held: 0 });
    expect(relay.requests.map((r) => [r.path, r.contentType, JSON.parse(r.body)])).toEqual(
      expect.arrayContaining([
        ['/send', 'application/json', { to: '+8801712345678', message: `Order ${number} placed: ${taka(total)}, cash on delivery. We will call you to confirm it. - Test Shop` }],
        ['/send', 'application/json', { to: '+8801811111111', message: `New order ${number}: ${taka(total)}, Inside Dhaka, +8801712345678. - Test Shop` }],
      ]),
    );
    expect(relay.requests).toHaveLength(2);
    const mail = await sink.waitFor('rina@example.com');
    expect(mail.subject).toBe(`Order ${number} placed: ${taka(total)}`);
    expect(mail.raw).toMatch(/^From: "?Test Shop"? <shop@test\.example>/m);
    expect(mail.text).toContain('What happens next: we will call you on +8801712345678');
    expect((await sink.waitFor('orders@shop.test')).subject).toBe(`New order ${number}: ${taka(total)}`);

    const messages = await messagesOf(id);
    expect(messages.map((m) => [m.state, m.attempts, m.lastError, m.nextAttemptAt, m.sentAt])).toEqual(Array(4).fill(['sent', 1, null, null, t.time.clock.now().toISOString()]));
    // Sent is sent: another turn takes nothing.
    expect(await t.messages.runOnce()).toEqual({ taken: 0, sent: 0, retried: 0, failed: 0, held: 0 });
  });

  it('a webhook that fails or times out delays the SMS, never the order: tries again after 30 s, 60 s, 120 s ... and sends once it answers', async () => {
    const relay = await webhookServer();
    open.push(relay);
    relay.mode = 'error';
    await shop({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: relay.url, SMS_TIMEOUT_MS: '1000', SHOP_ALERT_PHONE: '', SHOP_ALERT_EMAIL: '' });
    const { id } = await placed();
    const start = t.time.clock.now();
    const customerSms = async () => sms(await messagesOf(id))[0]!;

    expect(await t.messages.runOnce()).toMatchObject({ taken: 2, sent: 1, retried: 1 }); // the email went out
    expect(await customerSms()).toMatchObject({ state: 'pending', attempts: 1, lastError: 'SMS webhook answered HTTP 503: relay is down', sentAt: null });
    expect(secondsAfter((await customerSms()).nextAttemptAt, start)).toBe(30);
    // Not due yet: nothing is taken, nothing is sent.
    t.time.advance(29_000);
    expect((await t.messages.runOnce()).taken).toBe(0);

    // A gateway that does not answer within SMS_TIMEOUT_MS (1 s here).
    relay.mode = 'hang';
    t.time.advance(1_000);
    expect(await t.messages.runOnce()).toMatchObject({ taken: 1, retried: 1 });
    expect(await customerSms()).toMatchObject({ state: 'pending', attempts: 2, lastError: 'SMS webhook: no answer within 1000 ms' });
    expect(secondsAfter((await customerSms()).nextAttemptAt, start)).toBe(30 + 60);

    // Meanwhile orders are placed and answered as ever, while a turn waits on the silent gateway.
    t.time.advance(60_000);
    const turn = t.messages.runOnce();
    await expect.poll(() => relay.requests.length).toBe(3);
    const second = placed();
    expect(await Promise.race([second.then(() => 'order answered'), turn.then(() => 'gateway gave up')])).toBe('order answered');
    expect(await turn).toMatchObject({ taken: 1, retried: 1 });
    expect((await messagesOf((await second).id)).map((m) => [m.state, m.attempts])).toEqual([['pending', 0], ['pending', 0]]);
    expect(secondsAfter((await customerSms()).nextAttemptAt, start)).toBe(30 + 60 + 120);

    relay.mode = 'ok';
    t.time.advance(120_000);
    await t.messages.runOnce();
    expect(await customerSms()).toMatchObject({ state: 'sent', attempts: 4, lastError: null, sentAt: t.time.clock.now().toISOString() });
    expect(JSON.parse(relay.requests.at(-1)!.body).to).toBe('+8801712345678');
  });

  it('a gateway that stays down: the SMS is given up after 8 tries (back-off doubling, at most an hour) and shows failed with its reason', async () => {
    await shop({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: await deadUrl(), SHOP_ALERT_PHONE: '', SHOP_ALERT_EMAIL: '' });
    const { id } = await placed();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const before = t.time.clock.now();
      await t.messages.runOnce();
      const message = sms(await messagesOf(id))[0]!;
      expect(message.attempts).toBe(attempt);
      expect(message.lastError).toMatch(/^SMS webhook: (ECONNREFUSED|fetch failed)/);
      if (attempt < 8) {
        expect(message.state).toBe('pending');
        waits.push(secondsAfter(message.nextAttemptAt, before));
        t.time.advance(waits.at(-1)! * 1000);
      } else {
        expect(message).toMatchObject({ state: 'failed', nextAttemptAt: null, sentAt: null });
      }
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    // Failed is final: later turns leave it alone. The order itself is untouched by all this.
    t.time.advance(24 * 3600_000);
    expect((await t.messages.runOnce()).taken).toBe(0);
    expect((await json(await call(t, 'GET', `/api/orders/${id}`, { token: (await adminSession(t)).token }))).status).toBe('Pending');
  });

  it("BulkSMSBD: posts its documented form (api_key, type=text, number 8801..., senderid, message) and counts only response_code 202 as sent; its error codes are kept and retried", async () => {
    const bulk = await bulkSmsBdServer();
    open.push(bulk);
    bulk.mode = 'balance';
    await shop({ SMS_PROVIDER: 'bulksmsbd', BULKSMSBD_API_KEY: 'test-bulk-key-123', BULKSMSBD_SENDER_ID: '8809617611111', BULKSMSBD_API_URL: `${bulk.url}/api`, SHOP_ALERT_EMAIL: '' });
    const { id, number, total } = await placed();

    expect(await t.messages.runOnce()).toMatchObject({ taken: 3, sent: 1, retried: 2 });
    const forms = bulk.requests.map((r) => [r.path, r.contentType, Object.fromEntries(new URLSearchParams(r.body))]);
    expect(forms).toEqual(
      expect.arrayContaining([
        ['/api/smsapi', 'application/x-www-form-urlencoded', { api_key: 'test-bulk-key-123', type: 'text', number: '8801712345678', senderid: '8809617611111', message: `Order ${number} placed: ${taka(total)}, cash on delivery. We will call you to confirm it. - Test Shop` }],
        ['/api/smsapi', 'application/x-www-form-urlencoded', expect.objectContaining({ number: '8801811111111' })],
      ]),
    );
    for (const m of sms(await messagesOf(id))) {
      expect(m).toMatchObject({ state: 'pending', attempts: 1, lastError: 'BulkSMSBD code 1007: Balance Insufficient' });
      expect(m.lastError).not.toContain('test-bulk-key-123');
    }

    bulk.mode = 'sender';
    t.time.advance(30_000);
    await t.messages.runOnce();
    expect(sms(await messagesOf(id)).map((m) => m.lastError)).toEqual(Array(2).fill('BulkSMSBD code 1002: sender id not correct/sender id is disabled'));

    bulk.mode = 'ok';
    t.time.advance(60_000);
    expect(await t.messages.runOnce()).toMatchObject({ taken: 2, sent: 2 });
    expect(sms(await messagesOf(id)).map((m) => [m.state, m.attempts, m.lastError])).toEqual(Array(2).fill(['sent', 3, null]));
  });

  it('BulkSMSBD down or silent: the order is placed; the SMS waits with the reason', async () => {
    const bulk = await bulkSmsBdServer();
    open.push(bulk);
    bulk.mode = 'hang';
    await shop({ SMS_PROVIDER: 'bulksmsbd', BULKSMSBD_API_KEY: 'test-bulk-key-123', BULKSMSBD_SENDER_ID: '8809617611111', BULKSMSBD_API_URL: `${bulk.url}/api`, SHOP_ALERT_PHONE: '', SHOP_ALERT_EMAIL: '' });
    const { id } = await placed();
    await t.messages.runOnce();
    expect(sms(await messagesOf(id))[0]).toMatchObject({ state: 'pending', attempts: 1, lastError: `BulkSMSBD (${new URL(bulk.url).host}): no answer within 300 ms` });
    await bulk.close();
    t.time.advance(30_000);
    await t.messages.runOnce();
    expect(sms(await messagesOf(id))[0]!.lastError).toMatch(/^BulkSMSBD \(127\.0\.0\.1:\d+\): (ECONNREFUSED|UND_ERR_SOCKET|fetch failed)/);
  });

  it('processes taking due messages at the same time never take the same one', async () => {
    await shop({ SHOP_ALERT_PHONE: '', SHOP_ALERT_EMAIL: '' });
    for (let i = 0; i < 10; i++) await placed();
    const { database } = t;
    // Separate stores as separate processes have (on PostgreSQL each claim runs on its own pooled connection).
    const stores: MessageOutbox[] = Array.from({ length: 5 }, () => (database.engine === 'postgres' ? createPgMessageStore(database.handle.db) : createSqliteMessageStore(database.outside)));
    const now = t.time.clock.now();
    const claims = await Promise.all(stores.map((s) => s.claimDue(now, 7, new Date(now.getTime() + 60_000))));
    const ids = claims.flat().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(20);
    expect(claims.flat().every((m) => m.attempts === 1)).toBe(true);
    // Leased: nobody takes them again before the lease ends; after it they are due again.
    expect(await stores[0]!.claimDue(now, 50, now)).toEqual([]);
    expect(await stores[0]!.claimDue(new Date(now.getTime() + 60_000), 50, new Date(now.getTime() + 120_000))).toHaveLength(20);
  });

  it('close() stops the worker and waits for the send under way', async () => {
    const relay = await webhookServer();
    open.push(relay);
    relay.mode = 'hang';
    await shop({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: relay.url, SMS_TIMEOUT_MS: '500', SHOP_ALERT_PHONE: '', SHOP_ALERT_EMAIL: '' });
    await placed();
    const turn = t.messages.runOnce();
    await expect.poll(() => relay.requests.length).toBe(1);
    const began = performance.now();
    await t.messages.stop();
    expect(performance.now() - began).toBeLessThan(1_000);
    expect(await turn).toMatchObject({ taken: 2, retried: 1 });
  });
});
