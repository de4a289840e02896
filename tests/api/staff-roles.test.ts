import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { addStockedProduct, adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 36: the staff's roles. The admin gives each person a role (PATCH /api/users/:id/role); the
// last admin keeps theirs, however two admins race; a role taken away is gone at the next request;
// the desk changes orders and the log names the person; those who pack never read a price; the
// auditor reads and changes nothing; the OpenAPI document says who may call a staff route. Runs on
// SQLite and (vitest.postgres.config.ts) on PostgreSQL. Who may call which route, role by role, is
// tests/security/route-table.ts.

type User = { _id: string; name: string; email: string; role: string };
type Person = { token: string; user: User };

let t: TestApp;
let admin: Person;
let shopper: Person;
let productId: string;
let people = 0;

const checkout = { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' } as const;

/** A new account (a customer until given a role). */
const person = async (name = 'Staff Person'): Promise<Person> => signUpCustomer(t, name, `person${++people}@staff.test`);
const giveRole = (id: string, role: unknown, token = admin.token) => call(t, 'PATCH', `/api/users/${id}/role`, { token, body: { role } });
/** A new account with `role`, given by the admin (or another admin's token). */
async function withRole(role: string, token = admin.token): Promise<Person> {
  const p = await person(`Staff ${role}`);
  const res = await giveRole(p.user._id, role, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return p;
}
const roleOf = async (id: string) => String(await t.value('select role from users where id = ?', id));
const adminCount = async () => Number(await t.value("select count(*) from users where role = 'admin'"));

/** A Pending order of the shopper's. */
async function place(): Promise<string> {
  const res = await call(t, 'POST', '/api/orders', { token: shopper.token, body: { ...checkout, items: [{ productId, quantity: 1 }] } });
  expect(res.status).toBe(201);
  return (await json(res)).insertedId as string;
}
async function confirmed(): Promise<string> {
  const id = await place();
  expect((await call(t, 'PATCH', `/api/orders/${id}`, { token: admin.token, body: { status: 'Confirmed' } })).status).toBe(200);
  return id;
}
type EventDto = { seq: number; type: string; actor: { email: string; role: string } };
const eventsOf = async (id: string, token = admin.token) => (await json(await call(t, 'GET', `/api/orders/${id}/events?limit=100`, { token }))) as EventDto[];

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
}
/** What names money in an answer: prices, totals, the courier's cash, the advance, a coupon. */
const moneyKey = /price|amount|subtotal|discount|fee|total|charge|cash|advance|settle|refund|coupon|taka|^cod/i;
const moneyKeysOf = (value: unknown) => [...new Set(keysOf(value).filter((k) => moneyKey.test(k)))];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t);
  shopper = await signUpCustomer(t, 'Rina Akter', 'rina@example.com');
  productId = await addStockedProduct(t, admin.token, { price: 1200 });
});
afterAll(() => t?.close());

describe('PATCH /api/users/:id/role', () => {
  it('gives each role, seen in GET /api/users and in the person\'s own /api/auth/me; the same role again changes nothing', async () => {
    const p = await person();
    for (const role of ['desk', 'packing', 'catalogue', 'auditor', 'admin', 'customer']) {
      const res = await giveRole(p.user._id, role);
      expect(res.status, role).toBe(200);
      expect(await json(res)).toEqual({ modifiedCount: 1, role });
      const me = await json(await call(t, 'GET', '/api/auth/me', { token: p.token }));
      expect(me.user.role, role).toBe(role);
      const listed = (await json(await call(t, 'GET', `/api/users?q=${encodeURIComponent(p.user.email)}`, { token: admin.token }))) as User[];
      expect(listed.map((u) => [u._id, u.role]), role).toEqual([[p.user._id, role]]);
    }
    expect(await json(await giveRole(p.user._id, 'customer'))).toEqual({ modifiedCount: 0, role: 'customer' });
  });

  it('refuses a role that is not one (400 http/validation) and a user that does not exist (404 users/not-found)', async () => {
    const p = await person();
    for (const body of [{ role: 'superuser' }, { role: 'Admin' }, { role: '' }, { role: null }, {}]) {
      const res = await call(t, 'PATCH', `/api/users/${p.user._id}/role`, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.code).toBe('http/validation');
    }
    expect(await roleOf(p.user._id)).toBe('customer');
    for (const id of ['ffffffffffffffffffffffff', 'no-such-user']) {
      const res = await giveRole(id, 'desk');
      expect(res.status, id).toBe(404);
      expect((await json(res)).error.code).toBe('users/not-found');
    }
  });

  it('keeps the last admin: demoting oneself as the only admin is 409 users/last-admin', async () => {
    expect(await adminCount()).toBe(1);
    for (const role of ['customer', 'desk', 'auditor']) {
      const res = await giveRole(admin.user._id, role);
      expect(res.status, role).toBe(409);
      expect((await json(res)).error.code).toBe('users/last-admin');
    }
    expect(await roleOf(admin.user._id)).toBe('admin');
    expect((await call(t, 'GET', '/api/users?limit=1', { token: admin.token })).status).toBe(200);
  });

  it('leaves exactly one admin when two admins demote each other at the same moment', async () => {
    // Round after round: the admin left and a newly promoted one demote each other at once. The one
    // that loses is refused by the guard (demoted before it was asked: 403) or, both past the guard,
    // by the store's one statement (409 users/last-admin); never are both demoted.
    let keeper = admin;
    for (let round = 0; round < 8; round++) {
      const other = await withRole('admin', keeper.token);
      expect(await adminCount()).toBe(2);
      const [byKeeper, byOther] = await Promise.all([giveRole(other.user._id, 'desk', keeper.token), giveRole(keeper.user._id, 'desk', other.token)]);
      expect([byKeeper.status, byOther.status].filter((s) => s === 200), `round ${round}`).toHaveLength(1);
      const refused = byKeeper.status === 200 ? byOther : byKeeper;
      const code = (await json(refused)).error.code;
      expect([`${refused.status} ${code}`], `round ${round}`).toEqual([expect.stringMatching(/^(409 users\/last-admin|403 auth\/forbidden)$/)]);
      expect(await adminCount()).toBe(1);
      keeper = byKeeper.status === 200 ? keeper : other;
      expect(await roleOf(keeper.user._id)).toBe('admin');
    }
    // The shop's first admin is the one the other tests use.
    if (keeper !== admin) {
      expect((await giveRole(admin.user._id, 'admin', keeper.token)).status).toBe(200);
      expect((await giveRole(keeper.user._id, 'desk')).status).toBe(200);
    }
    expect(await adminCount()).toBe(1);
  });

  it("refuses a demoted admin's very next request", async () => {
    const second = await withRole('admin');
    expect((await call(t, 'GET', '/api/users?limit=1', { token: second.token })).status).toBe(200);
    expect((await giveRole(second.user._id, 'desk')).status).toBe(200);
    // The same token: the role is read at each request.
    const users = await call(t, 'GET', '/api/users?limit=1', { token: second.token });
    expect(users.status).toBe(403);
    expect((await json(users)).error.code).toBe('auth/forbidden');
    expect((await giveRole(shopper.user._id, 'admin', second.token)).status).toBe(403);
    // What the desk may do, it still does.
    expect((await call(t, 'GET', '/api/allOrders?limit=1', { token: second.token })).status).toBe(200);
    expect((await giveRole(second.user._id, 'customer')).status).toBe(200);
    expect((await call(t, 'GET', '/api/allOrders?limit=1', { token: second.token })).status).toBe(403);
    expect(await roleOf(shopper.user._id)).toBe('customer');
  });
});

describe('the desk', () => {
  it('confirms and edits an order, and the order log names the person and the role', async () => {
    const desk = await withRole('desk');
    const id = await place();
    const order = await json(await call(t, 'GET', `/api/orders/${id}`, { token: desk.token }));
    expect(order.amount).toBeGreaterThan(0);
    expect((await call(t, 'PATCH', `/api/orders/${id}`, { token: desk.token, body: { status: 'Confirmed' } })).status).toBe(200);
    const edited = await call(t, 'PATCH', `/api/orders/${id}/lines`, { token: desk.token, body: { reason: 'The customer called: a new address', address: 'House 9, Road 12' } });
    expect(edited.status, await edited.clone().text()).toBe(200);

    const events = await eventsOf(id);
    expect(events.map((e) => e.type)).toEqual(['Placed', 'Confirmed', 'Edited']);
    expect(events[0]?.actor).toEqual({ email: shopper.user.email, role: 'customer' });
    for (const e of events.slice(1)) expect(e.actor, e.type).toEqual({ email: desk.user.email, role: 'desk' });
    // The stored log keeps who, by id too.
    const stored = await t.query<{ type: string; actor: string }>('select type, actor from order_events where order_id = ? order by seq', id);
    for (const row of stored.slice(1)) expect(JSON.parse(row.actor), row.type).toEqual({ userId: desk.user._id, email: desk.user.email, role: 'desk' });
    // GET /api/audit names the person too.
    const audit = await json(await call(t, 'GET', '/api/audit?limit=100', { token: admin.token }));
    expect(audit.events.filter((e: { orderId: string }) => e.orderId === id).map((e: { type: string; actorEmail: string }) => [e.type, e.actorEmail])).toEqual(
      expect.arrayContaining([
        ['Confirmed', desk.user.email],
        ['Edited', desk.user.email],
      ]),
    );
  });
});

describe('those who pack', () => {
  let packer: Person;
  let toPack: string;
  let pending: string;
  beforeAll(async () => {
    packer = await withRole('packing');
    toPack = await confirmed();
    pending = await place();
  });

  it('list the Confirmed orders only, with no price or money anywhere in the answer', async () => {
    const res = await call(t, 'GET', '/api/packing/orders?limit=100', { token: packer.token });
    expect(res.status).toBe(200);
    const orders = (await json(res)) as Array<{ _id: string; status: string; cartItems: Array<{ productId: string; quantity: number }> }>;
    expect(orders.map((o) => o._id)).toContain(toPack);
    expect(orders.map((o) => o._id)).not.toContain(pending);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['Confirmed']));
    expect(orders.find((o) => o._id === toPack)?.cartItems).toEqual([expect.objectContaining({ productId, quantity: 1 })]);
    expect(moneyKeysOf(orders)).toEqual([]);
    // The same orders on the desk's list do carry their money: the check above can fail.
    expect(moneyKeysOf(await json(await call(t, 'GET', '/api/allOrders?limit=100', { token: admin.token })))).toEqual(expect.arrayContaining(['subtotal', 'amount', 'price']));
    // The filter of the desk, but never another status.
    const asked = (await json(await call(t, 'GET', '/api/packing/orders?status=Pending&limit=100', { token: packer.token }))) as Array<{ status: string }>;
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked.map((o) => o.status))).toEqual(new Set(['Confirmed']));
  });

  it("print a Confirmed order's packing slip, but to them another order, its invoice and the desk's list do not exist", async () => {
    const slips = await call(t, 'GET', `/api/orders/packing-slips.pdf?ids=${toPack}`, { token: packer.token });
    expect(slips.status).toBe(200);
    expect(slips.headers.get('content-type')).toBe('application/pdf');
    // A Pending order is not on their list: not one to pack (the desk prints it).
    const early = await call(t, 'GET', `/api/orders/packing-slips.pdf?ids=${toPack},${pending}`, { token: packer.token });
    expect(early.status).toBe(404);
    expect((await json(early)).error.code).toBe('ordering/order-not-found');
    expect((await call(t, 'GET', `/api/orders/packing-slips.pdf?ids=${pending}`, { token: admin.token })).status).toBe(200);
    for (const path of [`/api/orders/${toPack}`, `/api/orders/${toPack}/invoice.pdf`, `/api/orders/${toPack}/events`]) {
      const res = await call(t, 'GET', path, { token: packer.token });
      expect(res.status, path).toBe(404);
      expect((await json(res)).error.code, path).toBe('ordering/order-not-found');
    }
    expect((await call(t, 'GET', '/api/allOrders?limit=5', { token: packer.token })).status).toBe(403);
  });

  it("record a courier booking, answered without the parcel's money, and the log names them", async () => {
    const id = await confirmed();
    const res = await call(t, 'POST', `/api/orders/${id}/parcel`, { token: packer.token, body: { courier: 'steadfast', consignmentId: 'CN-77', trackingCode: 'TRK77' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = await json(res);
    expect(answer.delivery).toMatchObject({ courier: 'steadfast', consignmentId: 'CN-77', trackingCode: 'TRK77', status: 'booked' });
    expect(moneyKeysOf(answer)).toEqual([]);
    // The admin reads the same parcel with its money.
    expect(moneyKeysOf(await json(await call(t, 'GET', `/api/orders/${id}`, { token: admin.token })))).toEqual(expect.arrayContaining(['codAmount']));
    const booked = (await eventsOf(id)).at(-1);
    expect(booked?.actor).toEqual({ email: packer.user.email, role: 'packing' });
    const listed = (await json(await call(t, 'GET', '/api/packing/orders?delivery=booked&limit=100', { token: packer.token }))) as Array<{ _id: string }>;
    expect(listed.map((o) => o._id)).toContain(id);
    expect(moneyKeysOf(listed)).toEqual([]);
  });
});

describe('the auditor', () => {
  it('reads the order log, the sales report and an order\'s events, and changes nothing', async () => {
    const auditor = await withRole('auditor');
    const id = await place();
    const audit = await call(t, 'GET', '/api/audit?limit=5', { token: auditor.token });
    expect(audit.status).toBe(200);
    expect((await json(audit)).verified).toBe(true);
    expect((await call(t, 'GET', '/api/stats/sales?bucket=day', { token: auditor.token })).status).toBe(200);
    expect((await eventsOf(id, auditor.token)).map((e) => e.type)).toEqual(['Placed']);

    const before = await json(await call(t, 'GET', `/api/orders/${id}`, { token: admin.token }));
    const attempts = [
      call(t, 'PATCH', `/api/orders/${id}`, { token: auditor.token, body: { status: 'Confirmed' } }),
      call(t, 'PATCH', `/api/orders/${id}`, { token: auditor.token, body: { status: 'Canceled' } }),
      call(t, 'PATCH', `/api/orders/${id}/lines`, { token: auditor.token, body: { reason: 'Checking', address: 'Somewhere else' } }),
      call(t, 'DELETE', `/api/orders/${id}`, { token: auditor.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect((await json(res)).error.code).toBe('auth/forbidden');
    }
    const after = await json(await call(t, 'GET', `/api/orders/${id}`, { token: admin.token }));
    expect(after).toEqual(before);
    expect(after.status).toBe('Pending');
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['Placed']);
  });
});

describe('the OpenAPI document', () => {
  it('names the permission of a staff route (x-permission) and the roles that hold it', async () => {
    const doc = await json(await call(t, 'GET', '/api/openapi.json'));
    const op = (path: string, method: string) => doc.paths[path][method] as { 'x-permission'?: string[]; description?: string };
    expect(op('/api/orders/{id}', 'patch')['x-permission']).toEqual(['orders.manage']);
    expect(op('/api/orders/{id}', 'patch').description).toContain('Staff with the permission orders.manage (roles: admin, desk).');
    expect(op('/api/users/{id}/role', 'patch')['x-permission']).toEqual(['users.manage']);
    expect(op('/api/users/{id}/role', 'patch').description).toContain('(roles: admin)');
    expect(op('/api/packing/orders', 'get')['x-permission']).toEqual(['orders.pack']);
    expect(op('/api/packing/orders', 'get').description).toContain('(roles: admin, desk, packing)');
    // The desk's list carries prices: those who only pack are not among its roles.
    expect(op('/api/allOrders', 'get')['x-permission']).toEqual(['orders.read']);
    expect(op('/api/allOrders', 'get').description).toContain('(roles: admin, desk, auditor)');
    expect(op('/api/stats/sales', 'get').description).toContain('(roles: admin, auditor)');
    // A route for any signed-in user names none.
    expect(op('/api/orders/{id}', 'get')['x-permission']).toBeUndefined();
  });
});

describe('the order log after it all', () => {
  it('passes audit:verify', async () => {
    const report = await auditOrderLog(t.database);
    expect(report.problem).toBeNull();
    expect(report.verified).toBe(true);
  });
});
