import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminSession, call, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// audit:verify compares the desk's counts per status (issue 20, decision 045) with the listing it
// has just verified against the log: a count changed behind the shop is a warning, as the sales
// projection's is (derived figures; the log and the listing are the truth).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Audit Counts' } })).status).toBe(201);
  const product = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title: 'Audit Counts Mug', description: '', category: 'Audit Counts', price: 500, sizes: [], colors: [], images: ['https://img.test/m.webp'], variants: [{ size: '', color: '', stock: 10 }] },
  });
  const productId = ((await product.json()) as { insertedId: string }).insertedId;
  const rina = await signUpCustomer(t, 'Rina', 'rina-counts@example.com');
  const placed = await call(t, 'POST', '/api/orders', {
    token: rina.token,
    body: { name: 'Rina', phone: '01712345678', address: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId, size: '', color: '', quantity: 1 }] },
  });
  expect(placed.status).toBe(201);
});
afterAll(() => t.close());

const verify = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/audit-verify.ts'], { env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dir }, encoding: 'utf8' });

it('says the counts match, then warns (without failing) when one was changed behind the shop', () => {
  const ok = verify();
  expect(ok.status).toBe(0);
  expect(ok.stdout).toContain("audit: the desk's counts per status match the listing (1 status).");
  const db = new Database(join(t.dir, 'shop.db'));
  try {
    db.exec("update orders_status_counts set orders = orders + 2 where status = 'Pending'");
  } finally {
    db.close();
  }
  const off = verify();
  expect(off.status).toBe(0);
  expect(off.stderr).toContain("audit: warning: the desk's counts per status do not match the listing (Pending: 3 kept, 1 listed); its X-Total-Count is off.");
}, 30_000);
