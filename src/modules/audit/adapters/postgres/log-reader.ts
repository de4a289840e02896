import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import { orderRows, pgOrderTables, type StoredEventText } from '../../../ordering/index.js';
import type { FoldEvent } from '../../verify-audit-log.js';
import type { LogReader } from '../log-reader.js';

const { toEvent, toState } = orderRows;
const { orderEvents, orderLogHead, orders } = pgOrderTables;

/** Rows per page: a page is all a stream holds in memory. */
const pageRows = 1000;
const auditPageRows = 2000;

/**
 * The log's reads on PostgreSQL, over one transaction's connection (the snapshot's REPEATABLE
 * READ, or the start-up check's transaction). Streams read in keyset pages over the indexes the
 * order is (order_events' primary key, order_events_order_seq, orders' primary key), so memory
 * stays one page however long the log, and no page is sorted by the server.
 */
export function createPgLogReader(db: PgQueryable): LogReader {
  return {
    hasHeadTable: async () => true, // migrations/postgres creates it with the tables
    async head() {
      const [row] = await db
        .select({
          eventCount: orderLogHead.eventCount,
          lastId: orderLogHead.lastId,
          lastHash: orderLogHead.lastHash,
          keyedFrom: orderLogHead.keyedFrom,
          keyProof: orderLogHead.keyProof,
          headMac: orderLogHead.headMac,
        })
        .from(orderLogHead)
        .where(eq(orderLogHead.id, 1));
      return row ?? null;
    },
    hashOf: async (id) => (await db.select({ hash: orderEvents.hash }).from(orderEvents).where(eq(orderEvents.id, id)))[0]?.hash ?? null,
    lastEvent: async () => (await db.select({ id: orderEvents.id, hash: orderEvents.hash }).from(orderEvents).orderBy(desc(orderEvents.id)).limit(1))[0] ?? null,
    async *eventsAfter(id) {
      for (let after = id; ; ) {
        const rows = await db.select().from(orderEvents).where(gt(orderEvents.id, after)).orderBy(asc(orderEvents.id)).limit(pageRows);
        for (const row of rows) yield toEvent(row);
        const last = rows.at(-1);
        if (!last || rows.length < pageRows) return;
        after = last.id;
      }
    },
    async *eventsByOrder() {
      // Byte order of order ids (the database's C locale, decision 022), as compareIds expects.
      for (let after: { orderId: string; seq: number } | null = null; ; ) {
        const rows = await db
          .select()
          .from(orderEvents)
          // A row comparison: PostgreSQL reads it as a range of order_events_order_seq (an OR would not).
          .where(after ? sql`(${orderEvents.orderId}, ${orderEvents.seq}) > (${after.orderId}, ${after.seq})` : sql`true`)
          .orderBy(asc(orderEvents.orderId), asc(orderEvents.seq))
          .limit(pageRows);
        for (const row of rows) yield toEvent(row);
        const last = rows.at(-1);
        if (!last || rows.length < pageRows) return;
        after = { orderId: last.orderId, seq: last.seq };
      }
    },
    async *storedEventPagesAfter(id) {
      // Larger pages than the other streams (issue 20): one round trip per 2,000 events.
      for (let after = id; ; ) {
        const rows = await db.select().from(orderEvents).where(gt(orderEvents.id, after)).orderBy(asc(orderEvents.id)).limit(auditPageRows);
        if (rows.length) yield rows.map((r): StoredEventText => ({ ...r, at: r.at.getTime(), jsonValid: false }));
        const last = rows.at(-1);
        if (!last || rows.length < auditPageRows) return;
        after = last.id;
      }
    },
    async *foldEventsByOrder() {
      for (let after: { orderId: string; seq: number } | null = null; ; ) {
        const rows = await db
          .select({ id: orderEvents.id, orderId: orderEvents.orderId, seq: orderEvents.seq, type: orderEvents.type, payload: orderEvents.payload, at: orderEvents.at })
          .from(orderEvents)
          .where(after ? sql`(${orderEvents.orderId}, ${orderEvents.seq}) > (${after.orderId}, ${after.seq})` : sql`true`)
          .orderBy(asc(orderEvents.orderId), asc(orderEvents.seq))
          .limit(auditPageRows);
        for (const row of rows) yield { ...row, payload: JSON.parse(row.payload) as unknown } as FoldEvent;
        const last = rows.at(-1);
        if (!last || rows.length < auditPageRows) return;
        after = { orderId: last.orderId, seq: last.seq };
      }
    },
    async *projectionById() {
      for (let after: string | null = null; ; ) {
        const rows = await db
          .select()
          .from(orders)
          .where(after === null ? sql`true` : gt(orders.id, after))
          .orderBy(asc(orders.id))
          .limit(pageRows);
        for (const row of rows) yield toState(row);
        const last = rows.at(-1);
        if (!last || rows.length < pageRows) return;
        after = last.id;
      }
    },
  };
}
