import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { Db } from '../../../../platform/sqlite.js';
import type { RecordedEvent } from '../../domain/order.js';
import type { OrderLog, StoredEvent } from '../../ports.js';
import { createEventHasher, headMac, storedJson, type ChainKeying } from '../hash-chain.js';
import { toEvent } from '../order-rows.js';
import { orderEvents, orderLogHead } from './schema.js';

/**
 * `keying` is the chain's state as settled at start (decision 014): every event appended now has
 * an id past `keyedFrom`, so with a key each one is an HMAC and so is the head.
 */
export function createSqliteOrderLog({ read: db, writer, write }: SqliteSide, keying: ChainKeying): OrderLog {
  const hashEvent = createEventHasher(keying);
  const headOn = (on: Db) =>
    on
      .select({ eventCount: orderLogHead.eventCount, lastId: orderLogHead.lastId, lastHash: orderLogHead.lastHash })
      .from(orderLogHead)
      .where(eq(orderLogHead.id, 1))
      .prepare();
  const head = headOn(db);
  const tailHead = headOn(writer);
  const moveHead = writer
    .update(orderLogHead)
    .set({ eventCount: sql`${sql.placeholder('eventCount')}`, lastId: sql`${sql.placeholder('lastId')}`, lastHash: sql`${sql.placeholder('lastHash')}`, headMac: sql`${sql.placeholder('headMac')}` })
    .where(eq(orderLogHead.id, 1))
    .prepare();
  const eventsOf = db.select().from(orderEvents).where(eq(orderEvents.orderId, sql.placeholder('orderId'))).orderBy(asc(orderEvents.seq)).prepare();
  // Pages (issue 12): an order's events over order_events_order_seq, the shop's newest first by rowid.
  const pageOf = db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderEvents.seq))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  const countOf = db.select({ n: count() }).from(orderEvents).where(eq(orderEvents.orderId, sql.placeholder('orderId'))).prepare();
  const latest = db.select().from(orderEvents).orderBy(desc(orderEvents.id)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare();
  const insert = writer
    .insert(orderEvents)
    .values({
      id: sql.placeholder('id'),
      orderId: sql.placeholder('orderId'),
      seq: sql.placeholder('seq'),
      type: sql.placeholder('type'),
      payload: sql.placeholder('payload'),
      actor: sql.placeholder('actor'),
      at: sql.placeholder('at'),
      prevHash: sql.placeholder('prevHash'),
      hash: sql.placeholder('hash'),
    })
    .prepare();

  return {
    // BEGIN IMMEDIATE already holds SQLite's one writer: nobody else can move the head meanwhile.
    lockHead: async () => {},
    // Runs inside the caller's transaction (in group commit, the unit's savepoint), so the head
    // cannot move under it and a unit rolled back takes its head change back with its event.
    append: (event) => write(() => {
      const tail = tailHead.get();
      if (!tail) throw new Error('order log: the head row (order_log_head) is missing; the shop refuses to start without it');
      const stored: Omit<StoredEvent, 'hash'> = { ...(event as RecordedEvent), id: tail.lastId + 1, prevHash: tail.lastHash };
      const hash = hashEvent(stored);
      insert.run({
        id: stored.id,
        orderId: stored.orderId,
        seq: stored.seq,
        type: stored.type,
        // Canonical text, as hashed: the audit hashes these bytes without parsing them (issue 20).
        payload: storedJson(stored.payload),
        actor: storedJson(stored.actor),
        at: stored.at,
        prevHash: stored.prevHash,
        hash,
      });
      const next = { eventCount: tail.eventCount + 1, lastId: stored.id, lastHash: hash };
      moveHead.run({ ...next, headMac: keying ? headMac(keying.key, next) : null });
      return { ...stored, hash } as StoredEvent;
    }),
    eventsOf: async (orderId) => eventsOf.all({ orderId }).map(toEvent),
    pageOf: async (orderId, page) => ({ items: pageOf.all({ orderId, ...page }).map(toEvent), total: countOf.get({ orderId })?.n ?? 0 }),
    latest: async (page) => ({ items: latest.all(page).map(toEvent), total: head.get()?.eventCount ?? 0 }),
    // The head's count: O(1), and equal to the rows while the log is intact (audit:verify checks).
    count: async () => head.get()?.eventCount ?? 0,
  };
}
