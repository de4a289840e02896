import type { Sqlite } from '../../../platform/sqlite.js';
import { appError, type AppError } from '../../../shared/errors.js';
import { err, type Result } from '../../../shared/result.js';
import type { OrderCommits } from '../ports.js';

export type GroupCommitOptions = {
  /** At most this many units share one transaction (bounds the wait of the first one). */
  maxBatch?: number;
  /**
   * When to run a batch once its first unit is queued. The default, setImmediate, runs it after
   * the I/O the event loop already received, so requests that arrived meanwhile join it.
   */
  schedule?: (flush: () => void) => void;
};

export type GroupCommitStats = {
  /** Units queued and not yet run. */
  pending: number;
  /** Transactions run (committed or not) and the units they carried. */
  batches: number;
  units: number;
};

export type GroupCommit = OrderCommits & { stats(): GroupCommitStats };

type Unit = {
  work: () => Result<unknown, unknown>;
  resolve: (result: Result<unknown, unknown>) => void;
  reject: (reason: unknown) => void;
};
type Outcome = { result: Result<unknown, unknown> } | { thrown: unknown };

const busy = (e: unknown) => /^SQLITE_(BUSY|LOCKED)/.test((e as { code?: unknown } | null)?.code?.toString() ?? '');
const unavailable = (): AppError => appError('http/unavailable', 'Your order was not placed: the shop could not store it just now. Nothing was saved; please try again.');

/**
 * Group commit over one better-sqlite3 connection (decision 009). Units queued while the event
 * loop is busy run in ONE `BEGIN IMMEDIATE ... COMMIT`, each inside its own SAVEPOINT, so one
 * fsync covers the whole batch. A unit that returns Err or throws is rolled back to its savepoint
 * and only its caller hears about it; later units see the writes of earlier ones (same
 * connection), so e.g. a repeated Idempotency-Key in the same batch finds the first order.
 * Nobody is answered before COMMIT returned; if BEGIN or COMMIT fails, the whole batch is rolled
 * back and every unit of it fails.
 *
 * Every batch runs synchronously from BEGIN to COMMIT, so nothing else on this connection can
 * interleave with it (decision 001); other writers (status changes, carts) run between batches.
 */
export function createSqliteGroupCommit(sqlite: Sqlite, options: GroupCommitOptions = {}): GroupCommit {
  const maxBatch = Math.max(1, options.maxBatch ?? 64);
  const schedule = options.schedule ?? ((flush) => void setImmediate(flush));
  const begin = sqlite.prepare('BEGIN IMMEDIATE');
  const commit = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');
  const savepoint = sqlite.prepare('SAVEPOINT order_unit');
  const release = sqlite.prepare('RELEASE order_unit');
  const rollbackTo = sqlite.prepare('ROLLBACK TO order_unit');

  let queue: Unit[] = [];
  let scheduled = false;
  let batches = 0;
  let units = 0;

  const undoUnit = () => {
    // Some faults (disk full, I/O) make SQLite roll the whole transaction back by itself.
    if (!sqlite.inTransaction) return;
    rollbackTo.run();
    release.run();
  };

  function runBatch(batch: Unit[]): Outcome[] {
    if (sqlite.inTransaction) throw new Error('group commit: the connection is already inside a transaction');
    begin.run();
    const outcomes: Outcome[] = [];
    try {
      for (const unit of batch) {
        savepoint.run();
        try {
          const result = unit.work();
          if (result.ok) release.run();
          else undoUnit();
          outcomes.push({ result });
        } catch (thrown) {
          undoUnit();
          outcomes.push({ thrown });
        }
        if (!sqlite.inTransaction) throw new Error('group commit: the transaction was rolled back by the database', { cause: (outcomes.at(-1) as { thrown?: unknown }).thrown });
      }
      commit.run();
      return outcomes;
    } catch (e) {
      if (sqlite.inTransaction) rollback.run();
      throw e;
    }
  }

  function flush() {
    scheduled = false;
    const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
    queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
    if (queue.length) {
      scheduled = true;
      schedule(flush);
    }
    if (batch.length === 0) return;
    batches++;
    units += batch.length;
    let outcomes: Outcome[];
    try {
      outcomes = runBatch(batch);
    } catch (e) {
      // Nothing of this batch was stored: no unit may be answered as if it were.
      for (const unit of batch) {
        if (busy(e) || busy((e as { cause?: unknown }).cause)) unit.resolve(err(unavailable()));
        else unit.reject(e);
      }
      return;
    }
    // COMMIT returned: now, and only now, the callers hear their outcome.
    batch.forEach((unit, i) => {
      const outcome = outcomes[i] as Outcome;
      if ('result' in outcome) unit.resolve(outcome.result);
      else unit.reject(outcome.thrown);
    });
  }

  return {
    run<T, E>(work: () => Result<T, E>) {
      return new Promise<Result<T, E | AppError>>((resolve, reject) => {
        queue.push({ work, resolve: resolve as Unit['resolve'], reject });
        if (!scheduled) {
          scheduled = true;
          schedule(flush);
        }
      });
    },
    stats: () => ({ pending: queue.length, batches, units }),
  };
}
