import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteDatabase, type SqliteDatabase } from '../../../platform/database.js';
import type { Logger } from '../../../platform/logger.js';
import type { Clock } from '../../../shared/clock.js';
import type { MessageOutbox, MessageOutcome } from '../message-outbox.js';
import { createMessageWorker } from './message-worker.js';
import { createSqliteMessageStore } from './sqlite/message-store.js';

// Issue 20: a turn takes up to `batch` messages, sends at most `concurrency` at once, and stores all
// of its marks in one settle (one commit), on the real outbox of a migrated SQLite file.
let dir: string;
let database: SqliteDatabase;
let outbox: MessageOutbox;
let settles: Array<readonly MessageOutcome[]>;
const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'message-worker-'));
  database = openSqliteDatabase(join(dir, 'shop.db'));
  const store = createSqliteMessageStore(database.outside);
  settles = [];
  outbox = { ...store, settle: (outcomes) => (settles.push([...outcomes]), store.settle(outcomes)) };
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `count` orders' events, each with one SMS to its own number, stored as the ordering unit would. */
async function enqueueSms(count: number, at: Date) {
  const inside = createSqliteMessageStore(database.inside);
  await database.transaction(async () => {
    for (let n = 0; n < count; n++) {
      await inside.enqueue({ orderId: `o${n}`, seq: 1, type: 'Placed', at }, [{ channel: 'sms', recipient: `+88017000000${String(n).padStart(2, '0')}`, subject: null, body: `Order ${n}` }]);
    }
  });
}

const stateCounts = (db: SqliteDatabase) =>
  db.handle.sqlite.prepare('select state, count(*) as n from order_messages group by state order by state').all() as Array<{ state: string; n: number }>;

it('sends at most `concurrency` at once and stores a turn of 25 marks in one settle', async () => {
  const clock: Clock = { now: () => new Date('2026-11-26T05:00:00Z') };
  await enqueueSms(25, clock.now());
  let running = 0;
  let most = 0;
  const failing = new Set(['+8801700000003', '+8801700000017']);
  const sms = {
    kind: 'webhook' as const,
    async send(to: string) {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (failing.has(to)) throw new Error('gateway said no');
    },
  };
  const mailer = { kind: 'log' as const, send: async () => {} };
  const worker = createMessageWorker({ outbox, sms, mailer, clock, logger: quiet, batch: 50, concurrency: 4, pollMs: 3_600_000 });

  expect(await worker.runOnce()).toEqual({ taken: 25, sent: 23, retried: 2, failed: 0, held: 0 });
  expect(most).toBe(4);
  expect(settles).toHaveLength(1);
  expect(settles[0]).toHaveLength(25);
  expect(stateCounts(database)).toEqual([
    { state: 'pending', n: 2 },
    { state: 'sent', n: 23 },
  ]);
  // The two retries wait for their back-off: nothing is due in this turn.
  expect(await worker.runOnce()).toEqual({ taken: 0, sent: 0, retried: 0, failed: 0, held: 0 });
  expect(settles).toHaveLength(1);
});

it('starts no send after half the lease: the rest stay taken until their lease ends', async () => {
  let now = new Date('2026-11-26T05:00:00Z').getTime();
  const clock: Clock = { now: () => new Date(now) };
  await enqueueSms(6, clock.now());
  const sms = {
    kind: 'webhook' as const,
    async send() {
      now += 40_000; // a slow gateway: each send takes 40 s of the 100 s lease
    },
  };
  const mailer = { kind: 'log' as const, send: async () => {} };
  const worker = createMessageWorker({ outbox, sms, mailer, clock, logger: quiet, batch: 50, concurrency: 1, leaseMs: 100_000, pollMs: 3_600_000 });

  // Sends start at 0 s and 40 s; at 80 s half the lease (50 s) is over: four are left.
  expect(await worker.runOnce()).toEqual({ taken: 6, sent: 2, retried: 0, failed: 0, held: 0 });
  expect(stateCounts(database)).toEqual([
    { state: 'pending', n: 4 },
    { state: 'sent', n: 2 },
  ]);
  expect((await worker.runOnce()).taken).toBe(0); // still leased
  now += 100_000;
  expect((await worker.runOnce()).taken).toBe(4);
});
