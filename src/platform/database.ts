/**
 * The shop's database, whichever engine (decision 024): SQLite by default, PostgreSQL when
 * DATABASE_URL is set. Use cases see only Promises and transactions; adapters bind their stores to
 * a transaction handle (`Tx`), which is opaque outside them.
 *
 * SQLite: one writer connection behind an async mutex and one read-only reader connection (WAL:
 * it sees committed data only and does not wait for the writer). A transaction holds the mutex
 * from BEGIN IMMEDIATE to COMMIT, so nothing else's statements land inside it while its unit of
 * work awaits; a single write outside a transaction waits for the mutex too.
 * PostgreSQL: a pooled connection per transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { openPostgres, runPostgresMigrations, type PostgresHandle } from './postgres.js';
import { checkDatabase, openDatabase, openReader, runMigrations, type Db, type DbHandle } from './sqlite.js';

/** A PostgreSQL database or transaction: stores are built over either. */
export type PgQueryable = PgDatabase<NodePgQueryResultHKT>;

/** An open transaction. Only adapters look inside. */
export type Tx = { readonly engine: 'sqlite' } | { readonly engine: 'postgres'; readonly db: PgQueryable };

/**
 * What a SQLite store is built over. `read` is the reader connection outside transactions and the
 * writer inside one (a unit reads its own writes); `writer` is where write statements are
 * prepared; `write(fn)` runs fn's statements when no transaction holds the writer.
 */
export type SqliteSide = { read: Db; writer: Db; write<T>(fn: () => T): Promise<T> };

type Health = { ok: true } | { ok: false; reason: string };

type Common = {
  /**
   * Runs `work` in one transaction and commits unless it throws. `work` must await nothing but
   * stores bound to `tx` (and pure code): on SQLite everything else waits for it.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `work` in a savepoint of `tx`; undone when it throws or `keep(value)` is false. */
  savepoint<T>(tx: Tx, work: () => Promise<T>, keep: (value: T) => boolean): Promise<T>;
  /** The database is busy or unreachable just now: worth a 503 and a retry, not a 500. */
  isUnavailable(e: unknown): boolean;
  check(): Promise<Health>;
  close(): Promise<void>;
};

export type SqliteDatabase = Common & {
  engine: 'sqlite';
  /** The writer connection (migrations, CLIs, tests' raw SQL). */
  handle: DbHandle;
  /** The read-only connection reads outside transactions use. */
  reader: Db;
  /** The file (':memory:' for a test's database), for connections of a purpose's own (the audit's). */
  file: string;
  outside: SqliteSide;
  inside: SqliteSide;
};
export type PostgresDatabase = Common & { engine: 'postgres'; handle: PostgresHandle };
export type ShopDatabase = SqliteDatabase | PostgresDatabase;

/** The database rolled the whole transaction back by itself (SQLite on disk full or I/O errors): no savepoint is left to undo to. */
export class TransactionLostError extends Error {}

/** Thrown when code inside a transaction uses a store not bound to it (on SQLite it would wait for itself). */
export class OutsideTransactionError extends Error {}

/**
 * Marks the code running inside a transaction, so that a store not bound to it throws at once
 * (OutsideTransactionError) instead of waiting for itself. On by default (tests, tools); a production
 * shop turns it off (shop.ts, setTransactionGuard): on Node 20 an AsyncLocalStorage turns on async
 * hooks for the whole process, a cost on every promise and socket write of every request: ~10 % of
 * an order's CPU and ~5 % of a cached answer's (docs/performance.md, decision 024).
 */
let insideTransaction: AsyncLocalStorage<true> | null = new AsyncLocalStorage<true>();
const markedInside = <T>(work: () => T): T => (insideTransaction ? insideTransaction.run(true, work) : work());

/** Turns the guard above on or off for the process (off also drops the async hooks it turned on). */
export function setTransactionGuard(on: boolean): void {
  if (on) {
    insideTransaction ??= new AsyncLocalStorage<true>();
  } else {
    insideTransaction?.disable();
    insideTransaction = null;
  }
}

const refuseNested = () => {
  if (insideTransaction?.getStore()) {
    throw new OutsideTransactionError('a store not bound to the open transaction was used inside it: pass the transaction\'s stores instead');
  }
};

/** A FIFO lock: at most one holder; waiters are bounded by the requests in flight. */
function createMutex() {
  let locked = false;
  const waiters: Array<() => void> = [];
  return {
    get locked() {
      return locked;
    },
    async acquire(): Promise<void> {
      if (!locked) {
        locked = true;
        return;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    },
    release() {
      const next = waiters.shift();
      if (next) next();
      else locked = false;
    },
  };
}

const sqliteBusy = (e: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((e as { code?: unknown } | null)?.code ?? ''));

/** Opens (and migrates) the SQLite file; `file` ':memory:' shares one connection for reads and writes. */
export function openSqliteDatabase(file: string, options: { migrationsFolder?: string; migrate?: boolean } = {}): SqliteDatabase {
  const handle = openDatabase(file);
  let reader: ReturnType<typeof openReader> | null = null;
  try {
    // audit:verify reads a file as it is (an old one is reported, not migrated).
    if (options.migrate !== false) runMigrations(handle, options.migrationsFolder);
    reader = file === ':memory:' ? null : openReader(file);
  } catch (e) {
    handle.close();
    throw e;
  }
  const writer = handle.db;
  const sqlite = handle.sqlite;
  const mutex = createMutex();
  const statements = {
    begin: sqlite.prepare('BEGIN IMMEDIATE'),
    commit: sqlite.prepare('COMMIT'),
    rollback: sqlite.prepare('ROLLBACK'),
    savepoint: sqlite.prepare('SAVEPOINT unit'),
    release: sqlite.prepare('RELEASE unit'),
    rollbackTo: sqlite.prepare('ROLLBACK TO unit'),
  };
  const tx: Tx = { engine: 'sqlite' };

  const write = async <T>(fn: () => T): Promise<T> => {
    refuseNested();
    if (!mutex.locked) return fn(); // nobody holds the writer: the statements run now, in autocommit
    await mutex.acquire();
    try {
      return fn();
    } finally {
      mutex.release();
    }
  };

  return {
    engine: 'sqlite',
    handle,
    reader: reader?.db ?? writer,
    file,
    outside: { read: reader?.db ?? writer, writer, write },
    inside: { read: writer, writer, write: async (fn) => fn() },
    async transaction(work) {
      refuseNested();
      await mutex.acquire();
      try {
        if (sqlite.inTransaction) throw new Error('the writer connection is already inside a transaction');
        statements.begin.run();
        try {
          const value = await markedInside(() => work(tx));
          statements.commit.run();
          return value;
        } catch (e) {
          if (sqlite.inTransaction) statements.rollback.run();
          throw e;
        }
      } finally {
        mutex.release();
      }
    },
    async savepoint(_tx, work, keep) {
      statements.savepoint.run();
      const undo = () => {
        // Some faults (disk full, I/O) make SQLite roll the whole transaction back by itself.
        if (!sqlite.inTransaction) return;
        statements.rollbackTo.run();
        statements.release.run();
      };
      let value: Awaited<ReturnType<typeof work>>;
      try {
        value = await work();
      } catch (e) {
        undo();
        if (!sqlite.inTransaction) throw new TransactionLostError('the transaction was rolled back by the database', { cause: e });
        throw e;
      }
      if (keep(value)) statements.release.run();
      else undo();
      if (!sqlite.inTransaction) throw new TransactionLostError('the transaction was rolled back by the database');
      return value;
    },
    isUnavailable: (e) => sqliteBusy(e) || sqliteBusy((e as { cause?: unknown } | null)?.cause),
    check: async () => checkDatabase(sqlite),
    close: async () => {
      reader?.close();
      handle.close();
    },
  };
}

// PostgreSQL errors worth a retry: serialization failure, deadlock, lock not available, too many
// connections, the server shutting down, and the connection exceptions (class 08).
const pgUnavailableCodes = new Set(['40001', '40P01', '55P03', '53300', '57P01', '57P02', '57P03']);
const pgUnavailable = (e: unknown): boolean => {
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  if (pgUnavailableCodes.has(code) || code.startsWith('08') || code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT') return true;
  const message = e instanceof Error ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect/.test(message);
};

/** Opens a pool on DATABASE_URL and applies the migrations (decision 022). */
export async function openPostgresDatabase(url: string, options: { max?: number; migrationsFolder?: string } = {}): Promise<PostgresDatabase> {
  const handle = openPostgres(url, options.max === undefined ? {} : { max: options.max });
  try {
    await runPostgresMigrations(handle, options.migrationsFolder);
  } catch (e) {
    await handle.close();
    throw e;
  }
  return postgresDatabase(handle);
}

export function postgresDatabase(handle: PostgresHandle): PostgresDatabase {
  const dbOf = (tx: Tx): PgQueryable => {
    if (tx.engine !== 'postgres') throw new Error('a SQLite transaction was given to PostgreSQL');
    return tx.db;
  };
  return {
    engine: 'postgres',
    handle,
    // async: a refused nested transaction is a rejected promise, as on SQLite, not a throw.
    async transaction(work) {
      refuseNested();
      return handle.db.transaction((db) => markedInside(() => work({ engine: 'postgres', db })));
    },
    async savepoint(tx, work, keep) {
      const db = dbOf(tx);
      const undo = async () => {
        await db.execute(sql.raw('rollback to savepoint unit'));
        await db.execute(sql.raw('release savepoint unit'));
      };
      await db.execute(sql.raw('savepoint unit'));
      let value: Awaited<ReturnType<typeof work>>;
      try {
        value = await work();
      } catch (e) {
        await undo();
        throw e;
      }
      if (keep(value)) await db.execute(sql.raw('release savepoint unit'));
      else await undo();
      return value;
    },
    isUnavailable: (e) => pgUnavailable(e) || pgUnavailable((e as { cause?: unknown } | null)?.cause),
    async check() {
      try {
        const result = await handle.pool.query<{ one: number }>('select 1 as one');
        return result.rows[0]?.one === 1 ? { ok: true } : { ok: false, reason: 'unexpected answer' };
      } catch (e) {
        return { ok: false, reason: e instanceof Error ? e.message : String(e) };
      }
    },
    close: () => handle.close(),
  };
}

/** The settings that name the shop's database (env.ts). */
export type DatabaseSettings = { DATA_DIR: string; DATABASE_URL?: string | undefined; DATABASE_POOL_SIZE?: number | undefined };

/** The shop's SQLite file in a DATA_DIR. */
export const sqliteFileIn = (dataDir: string): string => join(dataDir, 'shop.db');

/** The SQLite file the settings name (DATA_DIR/shop.db), or null when they name PostgreSQL (DATABASE_URL). */
export const shopSqliteFile = (settings: DatabaseSettings): string | null => (settings.DATABASE_URL ? null : sqliteFileIn(settings.DATA_DIR));

/**
 * The shop's database as its settings name it (decision 024): PostgreSQL when DATABASE_URL is set,
 * else the SQLite file DATA_DIR/shop.db. The shop and its commands (src/cli) all open it here, so
 * they cannot disagree on the engine or the file. Migrated, unless `migrate: false` for a SQLite
 * file read as it is (audit:verify reports an old file; PostgreSQL is always brought up to date,
 * once, under its advisory lock). `poolSize`: PostgreSQL connections at most (DATABASE_POOL_SIZE;
 * the commands need 2). `sqliteFile` replaces DATA_DIR/shop.db (':memory:' for a dry run).
 */
export async function openShopDatabase(
  settings: DatabaseSettings,
  options: { migrate?: boolean; poolSize?: number; sqliteFile?: string } = {},
): Promise<ShopDatabase> {
  if (settings.DATABASE_URL) {
    const max = options.poolSize ?? settings.DATABASE_POOL_SIZE;
    return openPostgresDatabase(settings.DATABASE_URL, max === undefined ? {} : { max });
  }
  return openSqliteDatabase(options.sqliteFile ?? sqliteFileIn(settings.DATA_DIR), options.migrate === false ? { migrate: false } : {});
}

/**
 * A module's stores, outside transactions and bound to one. On SQLite both sets are built once
 * (statements prepared once); on PostgreSQL a set is built per transaction (plain closures).
 */
export function bindStores<S>(database: ShopDatabase, make: { sqlite: (side: SqliteSide) => S; postgres: (db: PgQueryable) => S }): { outside: S; in(tx: Tx): S } {
  if (database.engine === 'sqlite') {
    const outside = make.sqlite(database.outside);
    const inside = make.sqlite(database.inside);
    return { outside, in: () => inside };
  }
  const outside = make.postgres(database.handle.db);
  const bound = new WeakMap<Tx, S>();
  return {
    outside,
    in(tx) {
      if (tx.engine !== 'postgres') throw new Error('a SQLite transaction was given to PostgreSQL');
      let stores = bound.get(tx);
      if (!stores) bound.set(tx, (stores = make.postgres(tx.db)));
      return stores;
    },
  };
}
