import type { Sqlite } from '../../../../platform/sqlite.js';
import { orderRows, type EventRow, type OrderRow, type StoredEvent, type StoredEventText } from '../../../ordering/index.js';
import type { FoldEvent } from '../../verify-audit-log.js';
import type { LogHead, LogReader, LogSnapshot } from '../log-reader.js';

const { toEvent, toState } = orderRows;

const eventColumns = 'id, order_id as orderId, seq, type, payload, actor, at, prev_hash as prevHash, hash';
const orderColumns = `id, owner_user_id as ownerUserId, email, name, phone, address, delivery_location as deliveryLocation,
  payment_method as paymentMethod, applied_coupon as appliedCoupon, discount_bp as discountBasisPoints, subtotal, discount,
  fee, amount, items, status, removed, placed_at as placedAt, updated_at as updatedAt, version,
  order_number as orderNumber, canceled_by as canceledBy, canceled_at as canceledAt, lang, imported, delivery, delivery_status as deliveryStatus, district, thana, advance, taken`;

type RawEvent = Omit<EventRow, 'at'> & { at: number };

const toStored = (r: RawEvent): StoredEvent => toEvent({ ...r, at: new Date(r.at) });

/** Rows per page of the chain pass: a page is all it holds (~600 bytes of text per event). */
const pageRows = 1000;
type StoredTuple = [number, string, number, string, string, string, number, string, string, number];

/** A statement's iterator as an AsyncIterable, opened when read; leaving it early closes the statement. */
async function* streamed<R, T>(open: () => IterableIterator<unknown>, map: (row: R) => T): AsyncGenerator<T> {
  for (const row of open() as IterableIterator<R>) yield map(row);
}

/**
 * The log's reads on one better-sqlite3 connection, as iterators: one row in memory at a time.
 * Raw statements because Drizzle's builder has no iterate() for this driver; the column lists
 * mirror schema.ts. Each ORDER BY is served by an index, so SQLite does not sort (and hold) the
 * table either: `id` is the rowid, `(order_id, seq)` is order_events_order_seq and `orders.id` is
 * the primary key (tests/startup/audit-stream.test.ts checks the query plans). Nothing else may
 * use this connection while a stream is open (better-sqlite3 refuses writes; other reads would
 * land in the snapshot): log-access.ts gives it a connection of its own or holds the writer.
 */
export function createSqliteLogReader(sqlite: Sqlite): LogReader {
  const hasHeadTable = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'order_log_head'").pluck();
  const eventsAfter = sqlite.prepare(`select ${eventColumns} from order_events where id > ? order by id`);
  const eventsByOrder = sqlite.prepare<[]>(`select ${eventColumns} from order_events order by order_id, seq`);
  const projection = sqlite.prepare<[]>(`select ${orderColumns} from orders order by id`).raw();
  // The audit's reads (issue 20): raw arrays of the columns it needs (better-sqlite3 builds no
  // object per row), json_valid in SQLite's C for the chain's fast path (hash-chain.ts).
  const storedAfter = sqlite.prepare(`select id, order_id, seq, type, payload, actor, at, prev_hash, hash, json_valid(payload) and json_valid(actor) from order_events where id > ? order by id`).raw();
  const foldByOrder = sqlite.prepare<[]>('select id, order_id, seq, type, payload, at from order_events order by order_id, seq').raw();
  const hashOf = sqlite.prepare('select hash from order_events where id = ?').pluck();
  const last = sqlite.prepare('select id, hash from order_events order by id desc limit 1');
  // Prepared when first needed: before migration 0007 the table does not exist.
  let head: ReturnType<typeof sqlite.prepare<[]>> | null = null;

  return {
    hasHeadTable: async () => hasHeadTable.get() !== undefined,
    async head() {
      if (!hasHeadTable.get()) return null;
      head ??= sqlite.prepare<[]>('select event_count as eventCount, last_id as lastId, last_hash as lastHash, keyed_from as keyedFrom, key_proof as keyProof, head_mac as headMac from order_log_head where id = 1');
      return (head.get() as LogHead | undefined) ?? null;
    },
    hashOf: async (id) => (hashOf.get(id) as string | undefined) ?? null,
    lastEvent: async () => (last.get() as { id: number; hash: string } | undefined) ?? null,
    eventsAfter: (id) => streamed(() => eventsAfter.iterate(id), toStored),
    eventsByOrder: () => streamed(() => eventsByOrder.iterate(), toStored),
    *storedEventPagesAfter(id) {
      let page: StoredEventText[] = [];
      for (const r of storedAfter.iterate(id) as IterableIterator<StoredTuple>) {
        page.push({ id: r[0], orderId: r[1], seq: r[2], type: r[3], payload: r[4], actor: r[5], at: r[6], prevHash: r[7], hash: r[8], jsonValid: r[9] === 1 });
        if (page.length === pageRows) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    },
    *foldEventsByOrder() {
      for (const r of foldByOrder.iterate() as IterableIterator<[number, string, number, StoredEvent['type'], string, number]>) {
        yield { id: r[0], orderId: r[1], seq: r[2], type: r[3], payload: JSON.parse(r[4]) as unknown, at: new Date(r[5]) } as FoldEvent;
      }
    },
    // Raw arrays (issue 20: better-sqlite3's row objects cost ~a third of reading them), in orderColumns' order.
    projectionById: () =>
      streamed(
        () => projection.iterate(),
        (r: unknown[]) =>
          toState({
            id: r[0],
            ownerUserId: r[1],
            email: r[2],
            name: r[3],
            phone: r[4],
            address: r[5],
            deliveryLocation: r[6],
            paymentMethod: r[7],
            appliedCoupon: r[8],
            discountBasisPoints: r[9],
            subtotal: r[10],
            discount: r[11],
            fee: r[12],
            amount: r[13],
            items: r[14],
            status: r[15],
            removed: r[16] === 1,
            placedAt: new Date(r[17] as number),
            updatedAt: new Date(r[18] as number),
            version: r[19],
            orderNumber: r[20],
            canceledBy: r[21],
            canceledAt: r[22] === null ? null : new Date(r[22] as number),
            lang: r[23],
            imported: r[24] === 1,
            delivery: r[25],
            deliveryStatus: r[26],
            district: r[27],
            thana: r[28],
            advance: r[29],
            taken: r[30],
          } as OrderRow),
      ),
  };
}

/**
 * Snapshots on a connection nobody else uses meanwhile: a deferred read transaction (WAL: it
 * does not block the writer, nor wait for it), or, inside a transaction already open on it (the
 * writer's, held by the caller), that transaction.
 */
export function sqliteLogSnapshot(sqlite: Sqlite): LogSnapshot {
  const reader = createSqliteLogReader(sqlite);
  const begin = sqlite.prepare('BEGIN');
  const commit = sqlite.prepare('COMMIT');
  return async (fn) => {
    if (sqlite.inTransaction) return fn(reader);
    begin.run();
    try {
      return await fn(reader);
    } finally {
      // Read-only work: ending it is the same either way, and better-sqlite3 may have ended it already.
      if (sqlite.inTransaction) commit.run();
    }
  };
}
