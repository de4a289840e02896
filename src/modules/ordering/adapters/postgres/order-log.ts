import { asc, count, desc, eq } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { RecordedEvent } from '../../domain/order.js';
import type { OrderLog, StoredEvent } from '../../ports.js';
import { createEventHasher, headMac, type ChainKeying } from '../hash-chain.js';
import { toEvent, toEventRow } from '../order-rows.js';
import { orderEvents, orderLogHead } from './schema.js';

const headColumns = { eventCount: orderLogHead.eventCount, lastId: orderLogHead.lastId, lastHash: orderLogHead.lastHash };

/**
 * The order log on PostgreSQL, over a transaction (appends) or the pool (reads). The same chain as
 * SQLite's (the same hash over the same JSON text); `keying` as settled at start (decision 014).
 */
export function createPgOrderLog(db: PgQueryable, keying: ChainKeying): OrderLog {
  const hashEvent = createEventHasher(keying);
  const readHead = async () => (await db.select(headColumns).from(orderLogHead).where(eq(orderLogHead.id, 1)))[0] ?? null;
  const missingHead = () => new Error('order log: the head row (order_log_head) is missing; the shop refuses to start without it');

  return {
    // A row lock held to the transaction's end (decision 024: a row, not an advisory lock):
    // another process's appending transaction waits here until this one commits, then reads its tail.
    async lockHead() {
      const locked = await db.select({ id: orderLogHead.id }).from(orderLogHead).where(eq(orderLogHead.id, 1)).for('update');
      if (!locked.length) throw missingHead();
    },
    // Runs inside the caller's transaction after lockHead(), so nobody moves the head meanwhile,
    // and a unit rolled back (its savepoint) takes its head change back with its event.
    async append(event) {
      const tail = await readHead();
      if (!tail) throw missingHead();
      const stored: Omit<StoredEvent, 'hash'> = { ...(event as RecordedEvent), id: tail.lastId + 1, prevHash: tail.lastHash };
      const hash = hashEvent(stored);
      await db.insert(orderEvents).values(toEventRow({ ...stored, hash } as StoredEvent));
      const next = { eventCount: tail.eventCount + 1, lastId: stored.id, lastHash: hash };
      await db
        .update(orderLogHead)
        .set({ ...next, headMac: keying ? headMac(keying.key, next) : null })
        .where(eq(orderLogHead.id, 1));
      return { ...stored, hash } as StoredEvent;
    },
    eventsOf: async (orderId) => (await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.seq))).map(toEvent),
    async pageOf(orderId, page) {
      const items = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.seq)).limit(page.limit).offset(page.offset);
      const [total] = await db.select({ n: count() }).from(orderEvents).where(eq(orderEvents.orderId, orderId));
      return { items: items.map(toEvent), total: total?.n ?? 0 };
    },
    async latest(page) {
      const items = await db.select().from(orderEvents).orderBy(desc(orderEvents.id)).limit(page.limit).offset(page.offset);
      return { items: items.map(toEvent), total: (await readHead())?.eventCount ?? 0 };
    },
    // The head's count: O(1), and equal to the rows while the log is intact (audit:verify checks).
    count: async () => (await readHead())?.eventCount ?? 0,
  };
}
