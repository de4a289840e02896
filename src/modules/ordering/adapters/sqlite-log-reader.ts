import type { Sqlite } from '../../../platform/sqlite.js';
import type { OrderState } from '../domain/order.js';
import type { StoredEvent } from '../ports.js';
import { toEvent } from './sqlite-order-log.js';
import { toState } from './sqlite-order-projection.js';
import type { orderEvents, orders } from './schema.js';

/** The head row as stored (decision 014). */
export type LogHead = {
  eventCount: number;
  lastId: number;
  lastHash: string;
  keyedFrom: number | null;
  keyProof: string | null;
  headMac: string | null;
};

const eventColumns = 'id, order_id as orderId, seq, type, payload, actor, at, prev_hash as prevHash, hash';
const orderColumns = `id, owner_user_id as ownerUserId, email, name, phone, address, delivery_location as deliveryLocation,
  payment_method as paymentMethod, applied_coupon as appliedCoupon, discount_bp as discountBasisPoints, subtotal, discount,
  fee, amount, items, status, removed, placed_at as placedAt, updated_at as updatedAt, version`;

type RawEvent = Omit<typeof orderEvents.$inferSelect, 'at'> & { at: number };
type RawOrder = Omit<typeof orders.$inferSelect, 'placedAt' | 'updatedAt' | 'removed'> & { placedAt: number; updatedAt: number; removed: number };

/**
 * The audit's reads, as better-sqlite3 iterators: one row in memory at a time, however long the
 * log (issue 12). Raw statements because Drizzle's builder has no iterate() for this driver; the
 * column lists mirror schema.ts. Each ORDER BY is served by an index, so SQLite does not sort
 * (and hold) the table either: `id` is the rowid, `(order_id, seq)` is order_events_order_seq and
 * `orders.id` is the primary key (tests/startup/audit-stream.test.ts checks the query plans).
 * Nothing may write on this connection while an iterator is open (better-sqlite3 refuses).
 */
export function createSqliteLogReader(sqlite: Sqlite) {
  const hasHeadTable = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'order_log_head'").pluck();
  const eventsAfter = sqlite.prepare(`select ${eventColumns} from order_events where id > ? order by id`);
  const eventsByOrder = sqlite.prepare<[]>(`select ${eventColumns} from order_events order by order_id, seq`);
  const projection = sqlite.prepare<[]>(`select ${orderColumns} from orders order by id`);
  const hashOf = sqlite.prepare('select hash from order_events where id = ?').pluck();
  const last = sqlite.prepare('select id, hash from order_events order by id desc limit 1');
  let head: ReturnType<typeof sqlite.prepare<[]>> | null = null;

  const toStored = (r: RawEvent): StoredEvent => toEvent({ ...r, at: new Date(r.at) } as typeof orderEvents.$inferSelect);
  const toOrder = (r: RawOrder): OrderState => toState({ ...r, placedAt: new Date(r.placedAt), updatedAt: new Date(r.updatedAt), removed: r.removed === 1 });

  return {
    /** The head row, or null when it (or its table, before migration 0007) is missing. */
    head(): LogHead | null {
      if (!hasHeadTable.get()) return null;
      head ??= sqlite.prepare<[]>('select event_count as eventCount, last_id as lastId, last_hash as lastHash, keyed_from as keyedFrom, key_proof as keyProof, head_mac as headMac from order_log_head where id = 1');
      return (head.get() as LogHead | undefined) ?? null;
    },
    /** Events after `id`, in log order. */
    *eventsAfter(id: number): Generator<StoredEvent> {
      for (const row of eventsAfter.iterate(id) as IterableIterator<RawEvent>) yield toStored(row);
    },
    /** Every event, grouped by order (ascending order id, in SQLite's binary collation), by seq. */
    *eventsByOrder(): Generator<StoredEvent> {
      for (const row of eventsByOrder.iterate() as IterableIterator<RawEvent>) yield toStored(row);
    },
    /** Every listing row (removed ones too), ascending by id. */
    *projectionById(): Generator<OrderState> {
      for (const row of projection.iterate() as IterableIterator<RawOrder>) yield toOrder(row);
    },
    /** False for a database made before migration 0007 (not migrated yet). */
    hasHeadTable: () => hasHeadTable.get() !== undefined,
    hashOf: (id: number) => (hashOf.get(id) as string | undefined) ?? null,
    lastEvent: () => (last.get() as { id: number; hash: string } | undefined) ?? null,
    /** One snapshot for every read in `fn` (a deferred read transaction; a savepoint inside one). */
    snapshot: <T>(fn: () => T): T => sqlite.transaction(fn)(),
  };
}

export type LogReader = ReturnType<typeof createSqliteLogReader>;
