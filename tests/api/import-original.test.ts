import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport, type ImportReport } from '../../src/cli/import-original-run.js';
import { readExport } from '../../src/cli/original-export.js';
import { auditOrderLog, checkSalesProjection } from '../../src/modules/ordering/index.js';
import { newId } from '../../src/shared/ids.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 19: an old shop's mongoexport files (tests/fixtures/original-export: JSON lines and
// --jsonArray files, canonical Extended JSON, the old client's quirks) imported once per engine,
// then read through the API and audited; a dry run before writes nothing, a second run changes nothing.

const fixtures = join(import.meta.dirname, '../fixtures/original-export');

describe('npm run import:original', () => {
  let t: TestApp;
  let folder: string;
  let admin: string;
  const dry: string[] = [];
  const real: string[] = [];
  const again: string[] = [];
  let dryReport: ImportReport;
  let realReport: ImportReport;
  let againReport: ImportReport;
  let afterDryRun: Record<string, number>;
  const counts = async () => ({
    products: Number(await t.value('select count(*) as count from products')),
    categories: Number(await t.value('select count(*) as count from categories')),
    users: Number(await t.value('select count(*) as count from users')),
    carts: Number(await t.value('select count(*) as count from cart_lines')),
    coupons: Number(await t.value('select count(*) as count from coupons')),
    sliders: Number(await t.value('select count(*) as count from sliders')),
    events: Number(await t.value('select count(*) as count from order_events')),
  });
  const run = (dryRun: boolean, say: string[]) =>
    runImport({ folder, dryRun, database: t.database, newId, clock: t.clock, defaultStock: 10, provider: 'local', say: (line) => void say.push(line) });

  beforeAll(async () => {
    // One Pending order per phone: the imported Pending order of 01712345678 must not count.
    t = await createTestApp({ placementLimits: { maxPendingPerPhone: 1 } });
    folder = mkdtempSync(join(tmpdir(), 'original-export-'));
    cpSync(fixtures, folder, { recursive: true });
    dryReport = await run(true, dry);
    afterDryRun = await counts();
    realReport = await run(false, real);
    againReport = await run(false, again);
    admin = (await adminSession(t)).token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads JSON lines and --jsonArray files of canonical Extended JSON alike', async () => {
    const arrayDocs = [];
    for await (const item of readExport(join(fixtures, 'productsColl.json'))) arrayDocs.push(item);
    const lines = join(folder, 'products-as-lines.json');
    writeFileSync(lines, (JSON.parse(readFileSync(join(fixtures, 'productsColl.json'), 'utf8')) as unknown[]).map((d) => JSON.stringify(d)).join('\n'));
    const lineDocs = [];
    for await (const item of readExport(lines)) lineDocs.push(item);
    expect(lineDocs.map((d) => ('doc' in d ? d.doc : d))).toEqual(arrayDocs.map((d) => ('doc' in d ? d.doc : d)));
    expect(arrayDocs[0]).toMatchObject({ where: 'item 1', doc: { _id: '65b000000000000000000001', price: 450 } });
  });

  it('a dry run writes nothing and reports every change and rejection', async () => {
    expect(dryReport.unreadable).toEqual([]);
    const text = dry.join("\n");
    for (const expected of [
      'categoriesColl line 2 65a000000000000000000002: duplicate category "t-shirts" merged into "T-Shirts"',
      'categoriesColl line 3 65a000000000000000000003: name "Booster  Packs" -> "Booster Packs"',
      'categoriesColl line 4 65a000000000000000000004: rejected: no name (category)',
      'productsColl item 2 65b000000000000000000002: price "1200" -> 1200',
      'productsColl item 2 65b000000000000000000002: images[0] http -> https',
      'productsColl item 3 65b000000000000000000003: price 99.5 -> 100 (whole taka)',
      'productsColl item 3 65b000000000000000000003: category "Rare Cards" is named but missing: created',
      'productsColl item 4 65b000000000000000000004: rejected: no title',
      'slidersColl line 2 65c000000000000000000002: rejected: image "javascript:alert(1)" is not an https address',
      'couponsColl item 1 65d000000000000000000001: code "eid10" -> "EID10"',
      'couponsColl item 2 65d000000000000000000002: duplicate code EID10 merged into 65d000000000000000000001 (its discount stays)',
      'usersColl line 3 65e000000000000000000003: duplicate email rahim@poke.test merged into 65e000000000000000000002',
      'usersColl line 4 65e000000000000000000004: rejected: email "not an email": enter a valid email address',
      'cartsColl line 1 65f000000000000000000001: quantity "2" -> 2',
      'cartsColl line 2 65f000000000000000000002: the same product, size and color is in this cart already: left out',
      'cartsColl line 3 65f000000000000000000003: no profile for karim@poke.test in usersColl: one is made',
      'cartsColl line 4 65f000000000000000000004: rejected: product 65b000000000000000000099 does not exist (any more)',
      'ordersColl line 1 660000000000000000000001: phone "01712-345678" -> "+8801712345678"',
      'ordersColl line 1 660000000000000000000001: amount 442.5 -> 442 in lists (whole taka, halves down); 442.5 kept in the event',
      'ordersColl line 2 660000000000000000000002: deliveryLocation placeholder -> (blank)',
      'ordersColl line 3 660000000000000000000003: phone "12345" is not a Bangladeshi mobile number: kept as given',
      'ordersColl line 3 660000000000000000000003: amount 1300 is not what its lines, coupon and zone give (1100): kept as recorded (discount 0, fee 300)',
      'ordersColl line 4 660000000000000000000004: deliveryLocation "outside dhaka" -> "Outside Dhaka"',
      'ordersColl line 4 660000000000000000000004: status "pending" -> "Pending"',
      'ordersColl line 5 660000000000000000000001: rejected: a second order with this _id',
      'productsColl: 4 read, 3 to add, 0 already there, 0 merged, 1 rejected; 2 changed on the way',
      'ordersColl: 5 read, 4 to add, 0 already there, 0 merged, 1 rejected; 5 changed on the way',
    ]) {
      expect(text).toContain(expected);
    }
    // Nothing was written by the dry run.
    expect(afterDryRun).toEqual({ products: 0, categories: 0, users: 0, carts: 0, coupons: 0, sliders: 0, events: 0 });
  });

  it('imports each kind once, with their old ids, and a second import changes nothing', async () => {
    expect(realReport.summary).toMatchObject({
      categoriesColl: { read: 4, added: 2, merged: 1, rejected: 1 },
      productsColl: { read: 4, added: 3, rejected: 1 },
      slidersColl: { read: 2, added: 1, rejected: 1 },
      couponsColl: { read: 3, added: 2, merged: 1 },
      usersColl: { read: 4, added: 2, merged: 1, rejected: 1 },
      cartsColl: { read: 4, added: 2, merged: 1, rejected: 1 },
      ordersColl: { read: 5, added: 4, rejected: 1 },
    });
    const after = await counts();
    // Users: owner, rahim, karim and newface made for their carts and orders, plus the test's admin.
    expect(after).toEqual({ products: 3, categories: 3, users: 5, carts: 2, coupons: 2, sliders: 1, events: 4 });
    expect(againReport.summary).toMatchObject({
      productsColl: { added: 0, existing: 3 },
      categoriesColl: { added: 0, existing: 2 },
      usersColl: { added: 0, existing: 2 },
      cartsColl: { added: 0, existing: 2 },
      couponsColl: { added: 0, existing: 2 },
      slidersColl: { added: 0, existing: 1 },
      ordersColl: { added: 0, existing: 4 },
    });
    expect(await counts()).toEqual(after);
    expect(await t.value('select role from users where email = ?', 'owner@poke.test')).toBe('admin');
    expect(await t.value('select role from users where email = ?', 'rahim@poke.test')).toBe('customer');
  });

  it('keeps old product links working and categories without duplicates', async () => {
    const product = await json(await call(t, 'GET', '/api/products/65b000000000000000000002'));
    expect(product).toMatchObject({ _id: '65b000000000000000000002', title: 'Charizard Booster', price: 1200, category: 'Booster Packs', images: ['https://i.ibb.co/x/char.jpg'] });
    const tee = await json(await call(t, 'GET', '/api/products/65b000000000000000000001'));
    expect(tee.variants).toEqual([
      { size: 'M', color: 'Yellow', stock: 10 },
      { size: 'L', color: 'Yellow', stock: 10 },
    ]);
    const names = ((await json(await call(t, 'GET', '/api/categories'))) as Array<{ category: string }>).map((c) => c.category).sort();
    expect(names).toEqual(['Booster Packs', 'Rare Cards', 'T-Shirts']);
  });

  it('lists the orders with their statuses, times and amounts, and the log verifies', async () => {
    const res = await call(t, 'GET', '/api/allOrders?limit=50', { token: admin });
    const orders = (await json(res)) as Array<Record<string, unknown>>;
    const byId = Object.fromEntries(orders.map((o) => [o._id, o]));
    expect(byId['660000000000000000000001']).toMatchObject({ status: 'Pending', orderTime: '2024-01-01T00:00:00.000Z', amount: 442, phone: '+8801712345678', deliveryLocation: 'Inside Dhaka', email: 'rahim@poke.test' });
    expect(byId['660000000000000000000002']).toMatchObject({ status: 'Confirmed', orderTime: '2024-02-10T10:00:00.000Z', amount: 1300, deliveryLocation: '', fee: 100 });
    expect(byId['660000000000000000000003']).toMatchObject({ status: 'Canceled', amount: 1300, phone: '12345' });
    expect(byId['660000000000000000000004']).toMatchObject({ status: 'Pending', email: 'newface@poke.test', deliveryLocation: 'Outside Dhaka' });
    expect(orders.filter((o) => String(o._id).startsWith('6600')).map((o) => o.orderNumber).sort()).toEqual([10001, 10002, 10003, 10004]);

    const events = await json(await call(t, 'GET', '/api/orders/660000000000000000000001/events', { token: admin }));
    expect(events).toMatchObject([{ seq: 1, type: 'Imported', at: '2024-01-01T00:00:00.000Z' }]);
    const payload = JSON.parse(String(await t.value('select payload from order_events where order_id = ?', '660000000000000000000001'))) as Record<string, unknown>;
    expect(payload.imported).toEqual({ status: 'Pending', amount: 442.5, asRecorded: { phone: '01712-345678' } });

    const audit = await auditOrderLog(t.database);
    expect(audit).toMatchObject({ verified: true, eventCount: 4, orderCount: 4 });
    const sales = await checkSalesProjection(t.database);
    expect(sales).toMatchObject({ differingDayCells: 0, differingProductCells: 0 });
    // Imported orders count in the stats as their status says: the Confirmed one on its Dhaka day.
    expect(Number(await t.value("select amount from sales_days where day = '2024-02-10' and kind = 'confirmed'"))).toBe(1300);
  });

  it('an imported Pending order takes commands as any other', async () => {
    const res = await call(t, 'PATCH', '/api/orders/660000000000000000000004', { token: admin, body: { status: 'Confirmed' } });
    expect(res.status).toBe(200);
    expect((await auditOrderLog(t.database)).verified).toBe(true);
  });

  it('imported orders are not counted by the placement limits, and new orders are numbered after them', async () => {
    const { token } = await signUpCustomer(t, 'Rahim New', 'rahim.new@example.com');
    const body = { name: 'Rahim', phone: '01712345678', address: 'House 1, Road 2', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: '65b000000000000000000001', quantity: 1, size: 'M', color: 'Yellow' }] };
    const res = await call(t, 'POST', '/api/orders', { token, body });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = (await json(res)).insertedId as string;
    expect((await json(await call(t, 'GET', `/api/orders/${id}`, { token }))).orderNumber).toBe(10005);
    // The limit still holds for orders placed here.
    expect((await call(t, 'POST', '/api/orders', { token, body })).status).toBe(429);
    expect((await auditOrderLog(t.database)).verified).toBe(true);
  });
});
