import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrationsDir } from './paths.js';

export type Sqlite = Database.Database;
export type Db = BetterSQLite3Database;
export type DbHandle = { sqlite: Sqlite; db: Db; close(): void };

/**
 * Opens the shop's SQLite file with the pragmas an order-taking shop needs: WAL for readers
 * alongside the writer, synchronous=FULL so an acknowledged commit survives power loss,
 * foreign keys enforced, and a busy timeout instead of immediate SQLITE_BUSY errors.
 * temp_store=MEMORY keeps statement journals in memory: group commit (decision 009) runs each order
 * in a SAVEPOINT, and SQLite otherwise spills the pages a savepoint may have to restore to a
 * temporary file, two writes per page (measured in docs/performance.md, issue 7).
 */
export function openDatabase(file: string): DbHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('temp_store = MEMORY');
  const db = drizzle(sqlite);
  return { sqlite, db, close: () => sqlite.open && sqlite.close() };
}

/**
 * A second, read-only connection to the same file (decision 024): reads outside transactions go
 * here, so they see committed data only and never wait for the writer (WAL).
 */
export function openReader(file: string): DbHandle {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('temp_store = MEMORY');
  const db = drizzle(sqlite);
  return { sqlite, db, close: () => sqlite.open && sqlite.close() };
}

/**
 * Applies the committed SQL migrations (never `drizzle-kit push`). Foreign keys are off meanwhile:
 * a migration that rebuilds a table (SQLite changes a CHECK only so, 0033) drops the old one, and
 * with them on, the drop would delete the rows that point at it (a cascade) inside the migration's
 * transaction, where a PRAGMA cannot turn them off. Every key is checked before they are on again.
 */
export function runMigrations(handle: DbHandle, folder: string = migrationsDir()): void {
  handle.sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(handle.db, { migrationsFolder: folder });
    const broken = handle.sqlite.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new Error(`the migrations left ${broken.length} rows whose foreign key points at nothing`);
  } finally {
    handle.sqlite.pragma('foreign_keys = ON');
  }
}

/** Cheap liveness check for /api/health: the file answers a query and is writable-consistent. */
export function checkDatabase(sqlite: Sqlite): { ok: true } | { ok: false; reason: string } {
  try {
    const row = sqlite.prepare('select 1 as one').get() as { one: number } | undefined;
    if (row?.one !== 1) return { ok: false, reason: 'unexpected answer' };
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}

/** Runs fn in one SQLite transaction (nested calls become savepoints). fn must not await. */
export const transactionOf =
  (db: Db) =>
  <T>(fn: () => T): T =>
    db.transaction(() => fn());
