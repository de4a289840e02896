import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/sqlite.js';
import type { Actor, OrderEventType, RecordedEvent } from '../domain/order.js';
import type { OrderLog, StoredEvent } from '../ports.js';
import { genesisHash, type EventHasher } from './hash-chain.js';
import { orderEvents } from './schema.js';

type Row = typeof orderEvents.$inferSelect;

const toEvent = (row: Row): StoredEvent =>
  ({
    id: row.id,
    orderId: row.orderId,
    seq: row.seq,
    type: row.type as OrderEventType,
    payload: JSON.parse(row.payload) as unknown,
    actor: JSON.parse(row.actor) as Actor,
    at: row.at,
    prevHash: row.prevHash,
    hash: row.hash,
  }) as StoredEvent;

export function createSqliteOrderLog(db: Db, hashEvent: EventHasher): OrderLog {
  const last = db.select({ id: orderEvents.id, hash: orderEvents.hash }).from(orderEvents).orderBy(desc(orderEvents.id)).limit(1).prepare();
  const eventsOf = db.select().from(orderEvents).where(eq(orderEvents.orderId, sql.placeholder('orderId'))).orderBy(asc(orderEvents.seq)).prepare();
  const insert = db
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
    append(event) {
      // Runs inside the caller's transaction, so the chain's tail cannot move under it.
      const tail = last.get();
      const stored: Omit<StoredEvent, 'hash'> = { ...(event as RecordedEvent), id: (tail?.id ?? 0) + 1, prevHash: tail?.hash ?? genesisHash };
      const hash = hashEvent(stored);
      insert.run({
        id: stored.id,
        orderId: stored.orderId,
        seq: stored.seq,
        type: stored.type,
        payload: JSON.stringify(stored.payload),
        actor: JSON.stringify(stored.actor),
        at: stored.at,
        prevHash: stored.prevHash,
        hash,
      });
      return { ...stored, hash } as StoredEvent;
    },
    eventsOf: (orderId) => eventsOf.all({ orderId }).map(toEvent),
    all: () => db.select().from(orderEvents).orderBy(asc(orderEvents.id)).all().map(toEvent),
    latest: (limit) => db.select().from(orderEvents).orderBy(desc(orderEvents.id)).limit(limit).all().map(toEvent),
    count: () => db.select({ n: count() }).from(orderEvents).get()?.n ?? 0,
  };
}
