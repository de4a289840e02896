import { TransactionLostError, type ShopDatabase, type Tx } from '../../../platform/database.js';
import { appError, type AppError } from '../../../shared/errors.js';
import { err, type Result } from '../../../shared/result.js';

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

export type GroupCommit<S> = {
  run<T, E>(work: (stores: S) => Promise<Result<T, E>>): Promise<Result<T, E | AppError>>;
  stats(): GroupCommitStats;
};

type Unit<S> = {
  work: (stores: S) => Promise<Result<unknown, unknown>>;
  resolve: (result: Result<unknown, unknown>) => void;
  reject: (reason: unknown) => void;
};
type Outcome = { result: Result<unknown, unknown> } | { thrown: unknown };

const unavailable = (): AppError => appError('http/unavailable', 'Your order was not placed: the shop could not store it just now. Nothing was saved; please try again.');

/**
 * Group commit (decision 009, made engine-neutral by 024). Units queued while the event loop is
 * busy run in ONE transaction, each inside its own savepoint, so one commit (one fsync) covers the
 * whole batch. A unit that returns Err or throws is rolled back to its savepoint and only its
 * caller hears about it; later units see the writes of earlier ones (same transaction), so e.g. a
 * repeated Idempotency-Key in the same batch finds the first order. Nobody is answered before the
 * commit returned; if the transaction cannot begin or commit, every unit of it fails.
 *
 * `begin` runs first in every batch's transaction: ordering takes the log's head there, so that on
 * PostgreSQL batches of several processes run one after another and each sees what the previous
 * one committed. Batches of one process run one at a time (SQLite: the writer lock; PostgreSQL:
 * the head's row lock), so a process holds at most one pooled connection for orders.
 */
export function createGroupCommit<S>(
  database: Pick<ShopDatabase, 'transaction' | 'savepoint' | 'isUnavailable'>,
  storesIn: (tx: Tx) => S,
  options: GroupCommitOptions & {
    begin?: (stores: S) => Promise<void>;
    /**
     * Runs last in every batch's transaction; what it returns runs after the COMMIT, and nobody of
     * the batch is answered before it settled (ordering: the head's witness, decision 049). It must
     * not throw: the batch is committed whatever it does. The next batch does not wait for it.
     */
    end?: (tx: Tx) => Promise<(() => Promise<void>) | null>;
  } = {},
): GroupCommit<S> {
  const maxBatch = Math.max(1, options.maxBatch ?? 64);
  const schedule = options.schedule ?? ((flush) => void setImmediate(flush));

  let queue: Array<Unit<S>> = [];
  let scheduled = false;
  // One batch at a time per process: the next one forms while this one runs, and starts when it
  // ends (on PostgreSQL a second batch would only hold a pooled connection, waiting for the head).
  let running = false;
  let batches = 0;
  let units = 0;

  const runBatch = (batch: Array<Unit<S>>): Promise<{ outcomes: Outcome[]; after: (() => Promise<void>) | null }> =>
    database.transaction(async (tx) => {
      const stores = storesIn(tx);
      await options.begin?.(stores);
      const outcomes: Outcome[] = [];
      for (const unit of batch) {
        try {
          outcomes.push({ result: await database.savepoint(tx, () => unit.work(stores), (result) => result.ok) });
        } catch (thrown) {
          if (thrown instanceof TransactionLostError) throw thrown;
          outcomes.push({ thrown });
        }
      }
      return { outcomes, after: options.end ? await options.end(tx) : null };
    });

  const next = () => {
    if (scheduled || running || queue.length === 0) return;
    scheduled = true;
    schedule(() => void flush());
  };

  async function flush() {
    scheduled = false;
    if (running) return; // the batch running starts the next when it ends
    const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
    queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
    if (batch.length === 0) return;
    batches++;
    units += batch.length;
    running = true;
    let outcomes: Outcome[];
    let after: (() => Promise<void>) | null;
    try {
      ({ outcomes, after } = await runBatch(batch));
    } catch (e) {
      // Nothing of this batch was stored: no unit may be answered as if it were.
      for (const unit of batch) {
        if (database.isUnavailable(e)) unit.resolve(err(unavailable()));
        else unit.reject(e);
      }
      return;
    } finally {
      running = false;
      next();
    }
    // The commit returned (and the witness holds its head): now, and only now, the callers hear their outcome.
    if (after) await after().catch(() => undefined);
    batch.forEach((unit, i) => {
      const outcome = outcomes[i] as Outcome;
      if ('result' in outcome) unit.resolve(outcome.result);
      else unit.reject(outcome.thrown);
    });
  }

  return {
    run<T, E>(work: (stores: S) => Promise<Result<T, E>>) {
      return new Promise<Result<T, E | AppError>>((resolve, reject) => {
        queue.push({ work, resolve: resolve as Unit<S>['resolve'], reject });
        next();
      });
    },
    stats: () => ({ pending: queue.length, batches, units }),
  };
}
