import type { OrderState, StoredEvent, StoredEventText } from '../../ordering/index.js';
import type { ChainPoint, FoldEvent, Rows } from '../verify-audit-log.js';

/** The head row as stored (decision 014). */
export type LogHead = {
  eventCount: number;
  lastId: number;
  lastHash: string;
  keyedFrom: number | null;
  keyProof: string | null;
  headMac: string | null;
};

/**
 * What the order log's start-up check and audits read, whichever engine. The streams hold a page
 * (PostgreSQL: a cursor's fetch) or one row (SQLite: a statement's iterator) in memory at a time,
 * however long the log (issue 12); each is read in an index's order, so the database does not sort
 * the table either. A stream left early is closed by `for await`'s return, freeing its cursor.
 */
export type LogReader = {
  /** False for a database made before the head's migration (SQLite's 0007: not migrated yet). */
  hasHeadTable(): Promise<boolean>;
  /** The head row, or null when it (or its table) is missing. */
  head(): Promise<LogHead | null>;
  hashOf(id: number): Promise<string | null>;
  lastEvent(): Promise<ChainPoint | null>;
  /** Events after `id`, in log order. */
  eventsAfter(id: number): AsyncIterable<StoredEvent>;
  /** Every event, grouped by order (ascending order id in byte order, as compareIds), by seq. */
  eventsByOrder(): AsyncIterable<StoredEvent>;
  /** Every listing row (removed ones too), ascending by id. */
  projectionById(): AsyncIterable<OrderState>;
  /**
   * What the audit reads (issue 20: its cost per event): events after `id` in log order as stored
   * (payload and actor as their text, unparsed), in pages of at most a few thousand, for the chain pass.
   */
  storedEventPagesAfter(id: number): Rows<StoredEventText[]>;
  /** Every event grouped by order as `eventsByOrder`, with only what the fold reads (no actor, no hashes). */
  foldEventsByOrder(): Rows<FoldEvent>;
};

/**
 * One consistent read: every read of `fn` sees the same committed state (SQLite: a read
 * transaction; PostgreSQL: REPEATABLE READ READ ONLY on one pooled client). `fn` awaits nothing
 * but the reader it is given.
 */
export type LogSnapshot = <T>(fn: (reader: LogReader) => Promise<T>) => Promise<T>;
