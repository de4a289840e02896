import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase, type SqliteDatabase } from '../../../../platform/database.js';
import { migrationsDir } from '../../../../platform/paths.js';
import { openDatabase, runMigrations, type DbHandle } from '../../../../platform/sqlite.js';
import { err, ok } from '../../../../shared/result.js';
import type { OrderLog } from '../../ports.js';
import { verifyChain } from '../../../audit/verify-audit-log.js';
import { createEventHasher, genesisHash } from '../hash-chain.js';
import { createGroupCommit } from '../group-commit.js';
import { createSqliteLogReader } from '../../../audit/adapters/sqlite/log-reader.js';
import { createSqliteOrderLog } from './order-log.js';

let dir: string;
let database: SqliteDatabase;
let handle: DbHandle;
let log: OrderLog;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'order-log-'));
  database = openSqliteDatabase(join(dir, 'shop.db'));
  handle = database.handle;
  log = createSqliteOrderLog(database.outside, null);
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const actor = { userId: 'u1', email: 'rina@example.com', role: 'customer' as const };
const append = (to: OrderLog, orderId: string) => to.append({ type: 'Confirmed', orderId, seq: 1, payload: {}, actor, at: new Date(0) } as unknown as Parameters<OrderLog['append']>[0]);

describe('the order log head', () => {
  it('moves with every append in the same savepoint: a unit rolled back in a group commit takes its head change back', async () => {
    let flush: (() => void) | null = null;
    const inside = createSqliteOrderLog(database.inside, null);
    const commits = createGroupCommit(database, () => inside, { schedule: (f) => void (flush = f) });
    const units = [
      commits.run(async (to) => ok(await append(to, 'a'))),
      commits.run(async (to) => (await append(to, 'b'), err({ code: 'refused' }))),
      commits.run(async (to) => ok(await append(to, 'c'))),
      commits.run(async (to) => {
        await append(to, 'd');
        throw new Error('broke after its append');
      }),
      commits.run(async (to) => ok(await append(to, 'e'))),
    ];
    (flush as unknown as () => void)();
    const settled = await Promise.allSettled(units);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);

    const reader = createSqliteLogReader(handle.sqlite);
    const head = await reader.head();
    const rows = handle.sqlite.prepare('select id, order_id as orderId, hash from order_events order by id').all() as Array<{ id: number; orderId: string; hash: string }>;
    expect(rows.map((r) => [r.id, r.orderId])).toEqual([
      [1, 'a'],
      [2, 'c'],
      [3, 'e'],
    ]);
    expect(head).toMatchObject({ eventCount: 3, lastId: 3, lastHash: rows[2]?.hash, keyedFrom: null, headMac: null });
    expect(await log.count()).toBe(3);
    const chain = await verifyChain({ events: reader.eventsAfter(0), head: head as NonNullable<typeof head>, hash: createEventHasher(null), genesis: genesisHash });
    expect(chain.problem).toBeNull();
  });

  it('a keyed log signs every head it writes', async () => {
    const keyed = createSqliteOrderLog(database.outside, { key: 'a-secret-audit-key-0001', keyedFrom: 1 });
    await keyed.append({ type: 'Confirmed', orderId: 'a', seq: 1, payload: {}, actor, at: new Date(0) } as unknown as Parameters<OrderLog['append']>[0]);
    expect((await createSqliteLogReader(handle.sqlite).head())?.headMac).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an existing shop gets its head from its log when migration 0007 runs', async () => {
    // A shop as it was before 0007: only the migrations up to 0006, and events already in the log.
    const old = join(dir, 'migrations-0006');
    cpSync(migrationsDir(), old, { recursive: true });
    const journalFile = join(old, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 6) }));
    const before = openDatabase(join(dir, 'old.db'));
    runMigrations(before, old);
    const hash = createEventHasher(null);
    let prevHash = genesisHash;
    for (const id of [1, 2, 3]) {
      const event = { id, orderId: `o${id}`, seq: 1, type: 'Confirmed' as const, payload: {}, actor, at: new Date(0), prevHash };
      const h = hash(event as never);
      before.sqlite.prepare('insert into order_events values (?, ?, 1, ?, ?, ?, 0, ?, ?)').run(id, event.orderId, event.type, '{}', JSON.stringify(actor), prevHash, h);
      prevHash = h;
    }
    runMigrations(before);
    expect(await createSqliteLogReader(before.sqlite).head()).toEqual({ eventCount: 3, lastId: 3, lastHash: prevHash, keyedFrom: null, keyProof: null, headMac: null });
    before.close();
  });
});
