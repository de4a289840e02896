import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolve, type OrderState, type PlacedSnapshot, type RecordedEvent } from '../../src/modules/ordering/domain/order.js';
import { createEventHasher, genesisHash, storedJson } from '../../src/modules/ordering/adapters/hash-chain.js';
import { createSqliteOrderProjection } from '../../src/modules/ordering/adapters/sqlite/order-projection.js';
import { openDatabase, runMigrations } from '../../src/platform/sqlite.js';

// `npm run audit:verify` and backup's check over a log of 100,000 events (50,000 orders, each
// Placed then Confirmed) stream it: the heap, sampled after a full GC every 10,000 rows, stays
// flat. The rows are written straight into SQLite with their real hashes (computed here), far
// faster than placing 50,000 orders through the API.
const orders = 50_000;
let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'audit-stream-'));
  file = join(dir, 'shop.db');
  const database = openDatabase(file);
  runMigrations(database);
  const hash = createEventHasher(null);
  const projection = createSqliteOrderProjection({ read: database.db, writer: database.db, write: async (fn) => fn() });
  const insert = database.sqlite.prepare(
    'insert into order_events (id, order_id, seq, type, payload, actor, at, prev_hash, hash) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const customer = { userId: 'c0ffee000000000000000001', email: 'rina@example.com', role: 'customer' as const };
  const admin = { userId: 'c0ffee000000000000000002', email: 'boss@shop.test', role: 'admin' as const };
  const line = { productId: 'p1', title: 'Sakura Holo Card', category: 'Cards', image: '/uploads/x.webp', size: 'M', color: 'Red', quantity: 2, unitPrice: 450, price: 900 };
  const placed: PlacedSnapshot = {
    owner: { userId: customer.userId, email: customer.email },
    name: 'Rina',
    phone: '01712345678',
    address: 'House 1, Road 2, Dhanmondi',
    deliveryLocation: 'Inside Dhaka',
    paymentMethod: 'Cash On Delivery',
    appliedCoupon: null,
    discountBasisPoints: 0,
    lines: [line, { ...line, productId: 'p2', title: 'Fox Figure' }],
    subtotal: 1800,
    discount: 0,
    fee: 60,
    total: 1860,
  };
  let prevHash = genesisHash;
  let id = 0;
  const append = (event: RecordedEvent) => {
    const stored = { ...event, id: ++id, prevHash };
    prevHash = hash(stored);
    // Placed events as a shop stored them before issue 20 (JSON.stringify), the rest as it stores them now (canonical).
    const text = event.type === 'Placed' ? JSON.stringify : storedJson;
    insert.run(stored.id, event.orderId, event.seq, event.type, text(event.payload), text(event.actor), event.at.getTime(), stored.prevHash, prevHash);
  };
  database.sqlite.transaction(() => {
    // Random ids: the log's order and the orders' id order differ, as in a real shop.
    const ids = Array.from({ length: orders }, () => randomBytes(12).toString('hex'));
    const states = new Map<string, OrderState>();
    for (const [i, orderId] of ids.entries()) {
      const event: RecordedEvent = { type: 'Placed', payload: placed, orderId, seq: 1, actor: customer, at: new Date(1_800_000_000_000 + i) };
      append(event);
      states.set(orderId, evolve(null, event));
    }
    for (const [i, orderId] of ids.entries()) {
      const event: RecordedEvent = { type: 'Confirmed', payload: {}, orderId, seq: 2, actor: admin, at: new Date(1_800_100_000_000 + i) };
      append(event);
      // The write runs at once (no transaction is held elsewhere), inside this synchronous transaction.
      void projection.save(evolve(states.get(orderId) as OrderState, event));
    }
    database.sqlite.prepare('update order_log_head set event_count = ?, last_id = ?, last_hash = ? where id = 1').run(id, id, prevHash);
  })();
  database.close();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the audit streams a long log', () => {
  it('verifies 100,000 events with a flat heap (sampled after GC every 10,000 rows)', () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=64', '--import', 'tsx', 'tests/support/audit-memory-probe.ts', file], { encoding: 'utf8', timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    const probe = JSON.parse(run.stdout) as { verified: boolean; problem: unknown; eventCount: number; orderCount: number; before: number; peak: number; after: number; samples: number };
    expect(probe).toMatchObject({ verified: true, problem: null, eventCount: 100_000, orderCount: orders });
    // 10 samples in the chain pass, 10 reading events by order, 5 reading the listing rows.
    expect(probe.samples).toBe(25);
    // Holding the events alone would take well over 100 MB; a streamed audit holds a few rows.
    expect(probe.peak - probe.before).toBeLessThan(4 * 1024 * 1024);
    expect(probe.after - probe.before).toBeLessThan(1024 * 1024);
  }, 120_000);

  it('audit:verify on it hashes the chain in a worker thread beside the fold, and names an edited event', () => {
    // From 20,000 events the CLI runs pass 1 (and the sales check) in worker threads (issue 20).
    // One run, on an edited copy (the passing run is the bench's: bench/large.ts).
    const cli = (dataDir: string) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/audit-verify.ts'], { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000 });
    const edited = mkdtempSync(join(tmpdir(), 'audit-stream-edited-'));
    try {
      copyFileSync(file, join(edited, 'shop.db'));
      const db = openDatabase(join(edited, 'shop.db'));
      db.sqlite.exec(`drop trigger order_events_no_update; update order_events set payload = replace(payload, '"total":1860', '"total":1861') where id = 33333;`);
      db.close();
      const run = cli(edited);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/FAILED at event 33333 \(order [0-9a-f]{24}, seq 1\): its content does not match its hash/);
    } finally {
      rmSync(edited, { recursive: true, force: true });
    }
  }, 120_000);

  it("reads every pass in an index's order: SQLite sorts nothing (a sort would hold the table)", () => {
    const database = openDatabase(file);
    try {
      const plan = (sql: string) => (database.sqlite.prepare(`explain query plan ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join('; ');
      expect(plan('select * from order_events where id > 0 order by id')).not.toMatch(/TEMP B-TREE/);
      expect(plan('select * from order_events order by order_id, seq')).toMatch(/USING INDEX order_events_order_seq/);
      expect(plan('select * from order_events order by order_id, seq')).not.toMatch(/TEMP B-TREE/);
      expect(plan('select * from orders order by id')).not.toMatch(/TEMP B-TREE/);
    } finally {
      database.close();
    }
  });
});
