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
  t = await createTestApp();
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

function verify(args: string[] = [], env: Record<string, string> = {}, dir = t.dir) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/audit-verify.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, ...env },
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
const dropAllTriggers = `${dropTriggers} drop trigger order_events_no_replace; drop trigger order_log_head_no_delete; drop trigger order_log_head_no_second_row; drop trigger order_log_head_no_rewind;`;
/** The head as the database records it, `count:hash` (what the server and backup print). */
function headOf(dir = t.dir) {
  const db = new Database(join(dir, 'shop.db'), { readonly: true });
  try {
    const row = db.prepare('select event_count as n, last_hash as hash from order_log_head').get() as { n: number; hash: string };
    return `${row.n}:${row.hash}`;
  } finally {
    db.close();
  }
}
/** The triggers as the migrations made them, to put back after a tamper (as a careful attacker would). */
function triggerSql(): string {
  const db = new Database(join(t.dir, 'shop.db'), { readonly: true });
  try {
    // The order log's triggers, which the tampering drops and puts back (not the search index's).
    return (db.prepare("select sql from sqlite_master where type = 'trigger' and tbl_name in ('order_events', 'order_log_head')").pluck().all() as string[]).map((sql) => `${sql};`).join('\n');
  } finally {
    db.close();
  }
}

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
    const keyed = verify([], { AUDIT_KEY: 'a-secret-audit-key-0001' });
    expect(keyed.status).toBe(1);
    expect(keyed.stderr).toContain("FAILED at the log's head: AUDIT_KEY is set, but this order log is not keyed");
  });

  it('verifies a log written with the audit key, given the same key', async () => {
    const keyedShop = await createTestApp({ auditKey: 'a-secret-audit-key-0001' });
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
      await keyedShop.close();
    }
  });
});

/** Event n's hash, read as an auditor would have noted it. */
function hashOfEvent(n: number, dir = t.dir) {
  const db = new Database(join(dir, 'shop.db'), { readonly: true });
  try {
    return db.prepare('select hash from order_events where id = ?').pluck().get(n) as string;
  } finally {
    db.close();
  }
}
// Removes the second order (events 3 and 4) from the log and from the listing table.
const cutSecondOrder = 'delete from orders where id in (select order_id from order_events where id > 2); delete from order_events where id > 2;';
const rollHeadBackTo2 = 'update order_log_head set event_count = 2, last_id = 2, last_hash = (select hash from order_events where id = 2);';

describe('the head of the log (issue 12)', () => {
  it('an untouched log passes, against its own head and against an earlier head', () => {
    const head = headOf();
    const run = verify();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`audit: head ${head}, not keyed.`);
    expect(verify(['--expect-head', head]).status).toBe(0);
    expect(verify(['--expect-head', head.split(':')[1] as string]).status).toBe(0);
    const earlier = verify(['--expect-head', `2:${hashOfEvent(2)}`]);
    expect(earlier.status, earlier.stderr).toBe(0);
    expect(verify(['--expect-head', 'not-a-head']).status).toBe(2);
  });

  it('removing the last events and rolling the orders table back fails: the head still names them', () => {
    const triggers = triggerSql();
    tamper(`${dropAllTriggers} ${cutSecondOrder} ${triggers}`);
    const run = verify();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/FAILED at event 3: the log ends at event 2, but its head records 4 events ending at event 4 .*the events after 2 were removed/);
  });

  it('with the head rolled back too, the head an auditor kept still shows the cut', () => {
    const kept = headOf();
    const triggers = triggerSql();
    tamper(`${dropAllTriggers} ${cutSecondOrder} ${rollHeadBackTo2} ${triggers}`);
    // Nothing inside an unkeyed copy can tell now (decision 014): the kept head can.
    expect(verify().status).toBe(0);
    const run = verify(['--expect-head', kept]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/FAILED at event 4: the expected head 4:[0-9a-f]{16}\.\.\. is not in this log, which ends at event 2: it was truncated/);
    expect(verify(['--expect-head', kept.split(':')[1] as string]).status).toBe(1);
  });

  it('a kept head whose event was rewritten since fails at that event', () => {
    const kept = `2:${hashOfEvent(2)}`;
    tamper(`${dropTriggers} update order_events set hash = '${'a'.repeat(64)}' where id = 2;`);
    const run = verify(['--expect-head', kept]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('FAILED at event 2');
  });

  it('the head row refuses a rewind, a delete, a second row and a replaced event at the database itself', () => {
    if (t.database.engine !== 'sqlite') throw new Error('a SQLite test');
    const sqlite = t.database.handle.sqlite;
    expect(() => sqlite.prepare('update order_log_head set event_count = event_count - 1').run()).toThrow(/only moves forward/);
    expect(() => sqlite.prepare('update order_log_head set last_hash = ?').run('b'.repeat(64))).toThrow(/only moves forward/);
    expect(() => sqlite.prepare('update order_log_head set keyed_from = 2').run()).toThrow(/only moves forward/);
    expect(() => sqlite.prepare('delete from order_log_head').run()).toThrow(/cannot be deleted/);
    expect(() => sqlite.prepare("insert or replace into order_log_head (id, event_count, last_id, last_hash) values (1, 0, 0, '0')").run()).toThrow(/one row/);
    expect(() => sqlite.prepare('insert or replace into order_events select * from order_events where id = 4').run()).toThrow(/cannot be replaced/);
    expect(verify().status).toBe(0);
  });
});

describe('a keyed log (AUDIT_KEY, issue 12)', () => {
  const key = 'a-secret-audit-key-0001';
  let keyed: TestApp;
  beforeEach(async () => {
    keyed = await createTestApp({ auditKey: key });
    await keyed.seedDemo();
    const rina = await signUpCustomer(keyed, 'Rina', 'rina@example.com');
    for (const p of await json(await call(keyed, 'GET', '/api/products?limit=2'))) {
      await call(keyed, 'POST', '/api/carts', { token: rina.token, body: { productId: p._id, quantity: 1 } });
      await call(keyed, 'POST', '/api/orders', {
        token: rina.token,
        body: { name: 'Rina', phone: '01712345678', address: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' },
      });
    }
  });
  afterEach(() => keyed.close());

  it('verifies with its key, and fails without it or with another key instead of saying ok', () => {
    const ok = verify([], { AUDIT_KEY: key }, keyed.dir);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(', keyed from event 1.');
    const without = verify([], {}, keyed.dir);
    expect(without.status).toBe(1);
    expect(without.stderr).toContain('the order log is keyed with AUDIT_KEY from event 1 on: set AUDIT_KEY');
    const other = verify([], { AUDIT_KEY: 'another-audit-key-00002' }, keyed.dir);
    expect(other.status).toBe(1);
    expect(other.stderr).toContain('AUDIT_KEY is not the key this order log is keyed with');
  });

  it('a cut with the head rolled back fails without any kept head: the head MAC needs the key', () => {
    const db = new Database(join(keyed.dir, 'shop.db'));
    const triggers = (db.prepare("select sql from sqlite_master where type = 'trigger' and tbl_name in ('order_events', 'order_log_head')").pluck().all() as string[]).map((s) => `${s};`).join('\n');
    db.exec(`${dropAllTriggers} delete from orders where id = (select order_id from order_events where id = 2); delete from order_events where id = 2;
      update order_log_head set event_count = 1, last_id = 1, last_hash = (select hash from order_events where id = 1); ${triggers}`);
    db.close();
    const run = verify([], { AUDIT_KEY: key }, keyed.dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("does not carry AUDIT_KEY's MAC");
  });

  it('the switch point cannot be moved or removed without the key', () => {
    const move = (sql: string) => {
      const db = new Database(join(keyed.dir, 'shop.db'));
      db.exec(`drop trigger if exists order_log_head_no_rewind; ${sql}`);
      db.close();
    };
    move('update order_log_head set keyed_from = 2');
    expect(verify([], { AUDIT_KEY: key }, keyed.dir).stderr).toContain('AUDIT_KEY is not the key this order log is keyed with from event 2 on (or its key record was changed)');
    move('update order_log_head set keyed_from = null, key_proof = null');
    expect(verify([], { AUDIT_KEY: key }, keyed.dir).stderr).toContain('AUDIT_KEY is set, but this order log is not keyed');
  });
});
