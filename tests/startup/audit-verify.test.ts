import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// `npm run audit:verify`'s program, run as a process against a real shop file that a test
// then tampers with directly in SQLite, the way an attacker with file access would.
let t: TestApp;
beforeEach(async () => {
  t = createTestApp();
  await t.seedDemo();
  const admin = (await adminSession(t)).token;
  const rina = await signUpCustomer(t, 'Rina', 'rina@example.com');
  const [a, b] = await json(await call(t, 'GET', '/api/products?limit=2'));
  for (const p of [a, b]) {
    await call(t, 'POST', '/api/carts', { token: rina.token, body: { productId: p._id, quantity: 1 } });
    const { insertedId } = await json(
      await call(t, 'POST', '/api/orders', {
        token: rina.token,
        body: { name: 'Rina', phone: '01712345678', address: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' },
      }),
    );
    await call(t, 'PATCH', `/api/orders/${insertedId}`, { token: admin, body: { status: 'Confirmed' } });
  }
  // Events 1-4: Placed, Confirmed, Placed, Confirmed.
});
afterEach(() => t.close());

function verify() {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/audit-verify.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dir },
    encoding: 'utf8',
  });
}

/** Another connection to the same file, as a tamperer would open it. */
function tamper(sql: string) {
  const db = new Database(join(t.dir, 'shop.db'));
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}
const dropTriggers = 'drop trigger order_events_no_update; drop trigger order_events_no_delete;';

describe('npm run audit:verify', () => {
  it('passes on an untouched log', () => {
    const run = verify();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('audit: ok, 4 events of 2 orders verified');
  });

  it('names an edited event', () => {
    tamper(`${dropTriggers} update order_events set payload = replace(payload, '"total":', '"total":1') where id = 3;`);
    const run = verify();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/FAILED at event 3 \(order [0-9a-f]{24}, seq 1\): its content does not match its hash/);
  });

  it('names the event after a deleted one', () => {
    tamper(`${dropTriggers} delete from order_events where id = 2;`);
    const run = verify();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/FAILED at event 3 .*missing or out of order/);
  });

  it('names reordered events', () => {
    tamper(`${dropTriggers}
      update order_events set id = 100 where id = 2;
      update order_events set id = 2 where id = 3;
      update order_events set id = 3 where id = 100;`);
    const run = verify();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/FAILED at event 2 .*broken|FAILED at event 2 .*does not match/);
  });

  it('names an order whose listing row was changed behind the log', () => {
    tamper(`update orders set status = 'Pending' where rowid = 1;`);
    const run = verify();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/FAILED at order [0-9a-f]{24}: the listing table disagrees with the log/);
  });

  it('with an audit key, a chain of plain SHA-256 hashes (what a forger without the key can compute) fails', () => {
    const keyed = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/audit-verify.ts'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dir, AUDIT_KEY: 'a-secret-audit-key-0001' },
      encoding: 'utf8',
    });
    expect(keyed.status).toBe(1);
    expect(keyed.stderr).toContain('FAILED at event 1');
  });

  it('verifies a log written with the audit key, given the same key', async () => {
    const keyedShop = createTestApp({ auditKey: 'a-secret-audit-key-0001' });
    try {
      await keyedShop.seedDemo();
      const rina = await signUpCustomer(keyedShop, 'Rina', 'rina@example.com');
      const [p] = await json(await call(keyedShop, 'GET', '/api/products?limit=1'));
      await call(keyedShop, 'POST', '/api/carts', { token: rina.token, body: { productId: p._id, quantity: 1 } });
      await call(keyedShop, 'POST', '/api/orders', {
        token: rina.token,
        body: { name: 'Rina', phone: '01712345678', address: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' },
      });
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/audit-verify.ts'], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: keyedShop.dir, AUDIT_KEY: 'a-secret-audit-key-0001' },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('1 events of 1 orders verified');
    } finally {
      keyedShop.close();
    }
  });
});
