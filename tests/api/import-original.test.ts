import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport, type ImportOptions, type ImportReport } from '../../src/cli/import-original-run.js';
import { readExport } from '../../src/cli/original-export.js';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { checkSalesProjection } from '../../src/modules/sales/index.js';
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
    expect(dryReport.refused).toEqual([]);
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
      'usersColl line 1 65e000000000000000000001: role "admin" in the file -> customer (roles come only from --admins)',
      'usersColl line 2 65e000000000000000000002: account rahim@poke.test (65e000000000000000000002) to be created, a customer',
      'cartsColl line 3 65f000000000000000000003: account karim@poke.test (',
      ') to be created, a customer: no profile for karim@poke.test in usersColl',
      'accounts: 4 to be created (customers), 0 to be made admin by --admins, 0 look-alike emails left out; no role is taken from the files',
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
    // The file's role: "admin" is not believed (issue 40).
    expect(await t.value('select role from users where email = ?', 'owner@poke.test')).toBe('customer');
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

// Issue 40: the files are a stranger's data. No role is read from them (--admins names the admins),
// every document is checked before anything is written and everything is written in one
// transaction, the live API's bounds hold, and every account created or changed is reported.
describe('npm run import:original of a hostile file', () => {
  let t: TestApp;
  let boss: { _id: string; email: string };
  let alice: { _id: string; email: string };
  const oid = (prefix: string, n: number) => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;
  const product = { _id: { $oid: '65b0000000000000000000f1' }, title: 'Plain Tee', price: 300, category: 'Tees', sizes: ['M'], colors: ['Red'], images: ['https://i.ibb.co/t/tee.jpg'] };
  const orderOf = (n: number, fields: Record<string, unknown> = {}) => ({
    _id: { $oid: oid('6600', n) },
    name: 'Buyer',
    email: 'buyer@poke.test',
    phone: '01712345678',
    address: 'Road 1',
    deliveryLocation: 'Inside Dhaka',
    amount: 360,
    paymentMethod: 'Cash On Delivery',
    cartItems: [{ productId: '65b0000000000000000000f1', title: 'Plain Tee', quantity: 1, price: 300, size: 'M', color: 'Red' }],
    status: 'Pending',
    orderTime: { $date: '2024-05-01T10:00:00Z' },
    ...fields,
  });
  const jsonLines = (docs: unknown[]) => docs.map((d) => JSON.stringify(d)).join('\n');
  const folders: string[] = [];
  function folderWith(files: Record<string, string>) {
    const folder = mkdtempSync(join(tmpdir(), 'hostile-export-'));
    folders.push(folder);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, `${name}.json`), text);
    return folder;
  }
  async function run(folder: string, options: { dryRun?: boolean; admins?: string[] } = {}) {
    const lines: string[] = [];
    const report = await runImport({ folder, dryRun: options.dryRun ?? false, database: t.database, newId, clock: t.clock, defaultStock: 10, provider: 'local', admins: options.admins, say: (line) => void lines.push(line) });
    return { report, text: lines.join('\n') };
  }
  /** Every table the import writes, as rows a change shows in (accounts with their roles). */
  const state = async () => ({
    users: (await t.query<{ email: string; role: string }>('select email, role from users order by email')).map((u) => `${u.email} ${u.role}`),
    products: Number(await t.value('select count(*) as count from products')),
    categories: Number(await t.value('select count(*) as count from categories')),
    coupons: Number(await t.value('select count(*) as count from coupons')),
    carts: Number(await t.value('select count(*) as count from cart_lines')),
    events: Number(await t.value('select count(*) as count from order_events')),
  });

  beforeAll(async () => {
    t = await createTestApp();
    boss = (await adminSession(t)).user;
    alice = (await signUpCustomer(t, 'Alice', 'alice@example.com')).user;
  });
  afterAll(async () => {
    await t.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('takes no role from the file: role "admin" imports a customer, and no account of the shop is promoted or demoted', async () => {
    const folder = folderWith({
      usersColl: jsonLines([
        { _id: { $oid: oid('65e1', 1) }, name: 'Mallory', email: 'mallory@poke.test', role: 'admin' },
        { _id: { $oid: oid('65e1', 2) }, name: 'Alice', email: 'ALICE@example.com', role: 'admin' },
        { _id: { $oid: oid('65e1', 3) }, name: 'Boss', email: 'boss@shop.test', role: 'customer' },
      ]),
    });
    const before = await state();
    const dry = await run(folder, { dryRun: true });
    expect(await state()).toEqual(before);
    const real = await run(folder);
    for (const { text } of [dry, real]) {
      expect(text).toContain(`usersColl line 1 ${oid('65e1', 1)}: role "admin" in the file -> customer (roles come only from --admins)`);
      expect(text).toContain(`usersColl line 2 ${oid('65e1', 2)}: email alice@example.com has a profile in the shop already (${alice._id}): merged into it, its role (customer) unchanged`);
      expect(text).toContain(`usersColl line 3 ${oid('65e1', 3)}: email boss@shop.test has a profile in the shop already (${boss._id}): merged into it, its role (admin) unchanged`);
    }
    expect(dry.text).toContain(`usersColl line 1 ${oid('65e1', 1)}: account mallory@poke.test (${oid('65e1', 1)}) to be created, a customer`);
    expect(real.text).toContain(`usersColl line 1 ${oid('65e1', 1)}: account mallory@poke.test (${oid('65e1', 1)}) created, a customer`);
    expect(real.report.accounts).toEqual({ created: ['mallory@poke.test'], promoted: [], lookAlikes: [] });
    expect(await t.value('select role from users where email = ?', 'mallory@poke.test')).toBe('customer');
    expect(await t.value('select role from users where email = ?', 'alice@example.com')).toBe('customer');
    expect(await t.value('select role from users where email = ?', 'boss@shop.test')).toBe('admin');
  });

  it('--admins names the admins, in the files or the shop, and the report lists each promotion', async () => {
    const folder = folderWith({ usersColl: jsonLines([{ _id: { $oid: oid('65e2', 1) }, name: 'Owner', email: 'owner2@poke.test' }]) });
    const before = await state();
    const dry = await run(folder, { dryRun: true, admins: ['Owner2@poke.test', 'alice@example.com', 'boss@shop.test'] });
    expect(await state()).toEqual(before);
    expect(dry.text).toContain(`--admins: account owner2@poke.test (${oid('65e2', 1)}, created above) to be made admin`);
    expect(dry.text).toContain(`--admins: account alice@example.com (${alice._id}, since `);
    expect(dry.text).toContain(`--admins: account boss@shop.test (${boss._id}) is an admin already`);
    expect(dry.report.accounts).toEqual({ created: ['owner2@poke.test'], promoted: ['owner2@poke.test', 'alice@example.com'], lookAlikes: [] });

    const real = await run(folder, { admins: ['Owner2@poke.test', 'alice@example.com', 'boss@shop.test'] });
    expect(real.report.refused).toEqual([]);
    expect(real.text).toMatch(/--admins: account owner2@poke\.test \(65e2\d+, since \d{4}-\d\d-\d\d\) made admin/);
    expect(real.text).toMatch(/--admins: account alice@example\.com \(\w+, since \d{4}-\d\d-\d\d\) made admin/);
    expect(real.text).toContain('accounts: 1 created (customers), 2 made admin by --admins, 0 look-alike emails left out; no role is taken from the files');
    expect(await state()).toEqual({ ...before, users: [...before.users.filter((u) => !u.startsWith('alice@')), 'alice@example.com admin', 'owner2@poke.test admin'].sort() });

    // An admin nobody has is refused before anything is written.
    const typo = folderWith({ usersColl: jsonLines([{ _id: { $oid: oid('65e2', 2) }, name: 'Someone', email: 'someone@poke.test' }]) });
    const after = await state();
    for (const dryRun of [true, false]) {
      const refused = await run(typo, { dryRun, admins: ['ownr@poke.test'] });
      expect(refused.report.refused).toEqual(['--admins ownr@poke.test: no account has this email, in the files or in the shop']);
    }
    expect(await state()).toEqual(after);
  });

  it('leaves out Cyrillic and accented look-alikes of the shop\'s accounts, in the dry run too, with their orders', async () => {
    const lookAlike = 'b\u043ess@shop.test'; // a Cyrillic о in boss@shop.test
    const accented = 'ali\u0107e@example.com'; // aliće: looks like alice@example.com
    const folder = folderWith({
      productsColl: jsonLines([product]),
      usersColl: jsonLines([
        { _id: { $oid: oid('65e3', 1) }, name: 'Boss', email: lookAlike, role: 'admin' },
        { _id: { $oid: oid('65e3', 2) }, name: 'Alice', email: accented },
      ]),
      ordersColl: jsonLines([orderOf(31, { email: lookAlike })]),
    });
    const before = await state();
    const dry = await run(folder, { dryRun: true });
    expect(await state()).toEqual(before);
    const real = await run(folder);
    for (const { text, report } of [dry, real]) {
      expect(text).toContain(`usersColl line 1 ${oid('65e3', 1)}: rejected: email "${lookAlike}" mixes letters of different alphabets (a look-alike address): the shop's sign-up refuses it`);
      expect(text).toContain(`usersColl line 2 ${oid('65e3', 2)}: rejected: email "${accented}" looks like the account alice@example.com without being it: the shop's sign-up refuses it`);
      expect(text).toContain(`ordersColl line 1 ${oid('6600', 31)}: rejected: email "${lookAlike}" mixes letters`);
      expect(report.accounts.lookAlikes).toEqual([lookAlike, accented, lookAlike]);
      expect(report.accounts.created).toEqual([]);
    }
    const after = await state();
    expect(after.users).toEqual(before.users);
    expect(after.events).toBe(before.events);
  });

  it('refuses an order date no clock can hold: nothing written, exit 1, the dry run says the same', async () => {
    const files = {
      productsColl: jsonLines([{ ...product, _id: { $oid: '65b0000000000000000000f2' }, title: 'Written first' }]),
      couponsColl: jsonLines([{ _id: { $oid: oid('65d4', 1) }, code: 'HOSTILE', discountPercent: 10 }]),
      usersColl: jsonLines([{ _id: { $oid: oid('65e4', 1) }, name: 'Eve', email: 'eve@poke.test', role: 'admin' }]),
      ordersColl: jsonLines([orderOf(41), orderOf(42, { orderTime: { $date: { $numberLong: '-99999999999999999' } } })]),
    };
    const folder = folderWith(files);
    const before = await state();
    const refusal = `ordersColl line 2 ${oid('6600', 42)}: refused: orderTime {"$date":{"$numberLong":"-99999999999999999"}} is not a time an order can have (from 2000-01-01 to tomorrow)`;
    for (const dryRun of [true, false]) {
      const { report } = await run(folder, { dryRun });
      expect(report.refused).toEqual([refusal]);
    }
    expect(await state()).toEqual(before);

    // Any other time no order can have: NaN, far future, before 2000, a date that is no date.
    for (const orderTime of [{ $date: 'not a date' }, { $date: '2999-01-01T00:00:00Z' }, { $date: { $numberLong: '8640000000000001' } }, '1969-07-20', { $date: { $numberLong: 'NaN' } }]) {
      const { report } = await run(folderWith({ ...files, ordersColl: jsonLines([orderOf(43, { orderTime })]) }));
      expect(report.refused).toHaveLength(1);
      expect(report.refused[0]).toMatch(/^ordersColl line 1 660\d+: refused: orderTime .* is not a time an order can have/);
    }
    expect(await state()).toEqual(before);

    // The command itself: exit 1, the line, no stack, in the dry run too; nothing written.
    const url = t.database.engine === 'postgres' ? (t.database.handle.pool as unknown as { options: { connectionString: string } }).options.connectionString : undefined;
    for (const args of [['--dry-run'], []]) {
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/import-original.ts', folder, ...args], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dir, ...(url ? { DATABASE_URL: url } : {}) },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(cli.status, cli.stderr).toBe(1);
      expect(cli.stderr).toContain(`import: ${refusal}`);
      expect(cli.stderr).toContain(args.length ? 'the import would write nothing' : 'nothing was written');
      expect(cli.stderr).not.toMatch(/\n\s+at /);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses a 200,000-line order as a document over the bound, neither kept nor parsed, as lines and as an array', async () => {
    const line = { productId: '65b0000000000000000000f1', title: 'Plain Tee', quantity: 1, price: 300 };
    const huge = JSON.stringify(orderOf(51, { cartItems: Array.from({ length: 2 }, () => line) })).replace(
      /"cartItems":\[.*?\]\]?/,
      `"cartItems":[${Array.from({ length: 200_000 }, () => JSON.stringify(line)).join(',')}]`,
    );
    expect(huge.length).toBeGreaterThan(10_000_000);
    const before = await state();
    for (const ordersColl of [`${JSON.stringify(orderOf(50))}\n${huge}\n`, `[${JSON.stringify(orderOf(50))},\n${huge}]`]) {
      const folder = folderWith({ productsColl: jsonLines([product]), ordersColl });
      for (const dryRun of [true, false]) {
        const { report } = await run(folder, { dryRun });
        expect(report.refused).toEqual([
          `ordersColl ${ordersColl.startsWith('[') ? 'item' : 'line'} 2: refused: a document of more than 1.0 MB: the largest the shop accepts (an order of its most lines, a product) is far smaller, so it was neither kept nor read`,
        ]);
      }
    }
    expect(await state()).toEqual(before);
  });

  it('refuses what no export holds: nesting past 16 levels, more documents or bytes than a file may hold, a broken array', async () => {
    const before = await state();
    const deep = `{"_id":{"$oid":"${oid('65e9', 1)}"},"email":"deep@poke.test","name":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const cases: Array<[Record<string, string>, Partial<ImportOptions>, RegExp]> = [
      [{ usersColl: deep }, {}, /^usersColl line 1: refused: nested more than 16 levels deep/],
      [{ usersColl: jsonLines([1, 2, 3, 4].map((n) => ({ _id: { $oid: oid('65e9', n) }, email: `n${n}@poke.test` }))) }, { maxDocuments: 3 }, /^usersColl: more than 3 documents in .*: split it/],
      [{ usersColl: jsonLines([{ email: 'big@poke.test' }]) }, { exportLimits: { maxFileBytes: 10 } }, /usersColl\.json is 0\.00 MB: an export file is read up to 0\.00 MB/],
      [{ usersColl: '[{"email":"a@poke.test"}] trailing' }, {}, /usersColl\.json: something follows the array's closing \]/],
      [{ usersColl: '[{"email":"a@poke.test"},' }, {}, /usersColl\.json ends before its array's closing \]/],
    ];
    for (const [files, options, why] of cases) {
      const folder = folderWith(files);
      for (const dryRun of [true, false]) {
        const report = await runImport({ folder, dryRun, database: t.database, newId, clock: t.clock, defaultStock: 10, provider: 'local', say: () => {}, ...options });
        expect(report.refused).toHaveLength(1);
        expect(report.refused[0]).toMatch(why);
      }
    }
    expect(await state()).toEqual(before);
  });

  it('meets the API\'s bounds: MAX_ORDER_LINES, MAX_LINE_QUANTITY, MAX_ORDER_TOTAL refuse the import; MAX_CART_LINES keeps a cart to its size', async () => {
    const item = (n: number) => ({ productId: '65b0000000000000000000f1', title: `Tee ${n}`, quantity: 1, price: 300, size: 'M', color: `C${n}` });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cartItems: Array.from({ length: 51 }, (_, i) => item(i)) }, 'an order of 51 lines: an order holds at most 50 (MAX_ORDER_LINES)'],
      [{ cartItems: [{ ...item(1), quantity: 100, price: 30_000 }] }, 'cartItems[0].quantity 100: a line holds at most 99 (MAX_LINE_QUANTITY)'],
      [{ cartItems: [{ ...item(1), quantity: 99, price: 99 * 9000 }], amount: 99 * 9000 + 60 }, 'an order of 891060 taka: an order comes to at most 500000 (MAX_ORDER_TOTAL)'],
    ];
    const before = await state();
    for (const [fields, why] of cases) {
      const folder = folderWith({ productsColl: jsonLines([product]), ordersColl: jsonLines([orderOf(60, fields)]) });
      for (const dryRun of [true, false]) expect((await run(folder, { dryRun })).report.refused).toEqual([`ordersColl line 1 ${oid('6600', 60)}: refused: ${why}`]);
    }
    expect(await state()).toEqual(before);

    // A cart of 60 lines: the first MAX_CART_LINES (50) are imported, the rest left out and reported.
    const sizes = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'];
    const colors = Array.from({ length: 10 }, (_, i) => `C${i}`);
    const wide = { ...product, _id: { $oid: '65b0000000000000000000f3' }, sizes, colors };
    const cart = sizes.flatMap((size) => colors.map((color) => ({ email: 'carter@poke.test', productId: '65b0000000000000000000f3', quantity: 1, size, color }))).map((line, i) => ({ _id: { $oid: oid('65f6', i + 1) }, ...line }));
    const folder = folderWith({ productsColl: jsonLines([wide]), cartsColl: jsonLines(cart) });
    const dry = await run(folder, { dryRun: true });
    const real = await run(folder);
    for (const { report, text } of [dry, real]) {
      expect(report.summary.cartsColl).toMatchObject({ read: 60, added: 50, rejected: 10 });
      expect(text).toContain(`cartsColl line 51 ${oid('65f6', 51)}: rejected: the cart holds MAX_CART_LINES (50) lines already`);
    }
    expect(Number(await t.value('select count(*) as count from cart_lines'))).toBe(before.carts + 50);
  });

  it('reports every account it creates or changes, and writes nothing when refused late (one transaction)', async () => {
    const folder = folderWith({
      productsColl: jsonLines([{ ...product, _id: { $oid: '65b0000000000000000000f7' } }]),
      usersColl: jsonLines([
        { _id: { $oid: oid('65e7', 1) }, name: 'One', email: 'one@poke.test' },
        { _id: { $oid: oid('65e7', 2) }, name: 'Two', email: 'two@poke.test', role: 'admin' },
      ]),
      cartsColl: jsonLines([{ _id: { $oid: oid('65f7', 1) }, email: 'three@poke.test', productId: '65b0000000000000000000f7', quantity: 1, size: 'M', color: 'Red' }]),
      ordersColl: jsonLines([orderOf(71, { email: 'four@poke.test' }), orderOf(72, { email: 'one@poke.test' })]),
    });
    const before = await state();
    const dry = await run(folder, { dryRun: true, admins: ['two@poke.test', 'boss@shop.test'] });
    const real = await run(folder, { admins: ['two@poke.test', 'boss@shop.test'] });
    const after = await state();
    for (const { report } of [dry, real]) {
      expect(report.accounts).toEqual({ created: ['one@poke.test', 'two@poke.test', 'three@poke.test', 'four@poke.test'], promoted: ['two@poke.test'], lookAlikes: [] });
    }
    // Exactly those accounts appeared or changed (boss@shop.test is an admin already).
    const changed = after.users.filter((u) => !before.users.includes(u));
    expect(changed).toEqual(['four@poke.test customer', 'one@poke.test customer', 'three@poke.test customer', 'two@poke.test admin']);
    expect(after.users.length).toBe(before.users.length + 4);
    for (const email of ['one', 'two', 'three', 'four']) expect(real.text).toMatch(new RegExp(`account ${email}@poke\\.test \\(\\w+\\) created, a customer`));

    // --admins naming an account whose documents are left out (a look-alike): the refusal comes at
    // the end of the second pass, after the profile, product and order were written: all undone.
    const late = folderWith({
      productsColl: jsonLines([{ ...product, _id: { $oid: '65b0000000000000000000f8' } }]),
      usersColl: jsonLines([
        { _id: { $oid: oid('65e8', 1) }, name: 'Five', email: 'five@poke.test' },
        { _id: { $oid: oid('65e8', 2) }, name: 'Alice', email: 'ali\u0107e@example.com' },
      ]),
      ordersColl: jsonLines([orderOf(81, { email: 'five@poke.test' })]),
    });
    const { report } = await run(late, { admins: ['ali\u0107e@example.com'] });
    expect(report.refused).toEqual(['--admins ali\u0107e@example.com: no account has this email after the import (its documents were left out above)']);
    expect(await state()).toEqual(after);
  });
});
