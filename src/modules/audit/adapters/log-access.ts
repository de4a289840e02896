import { sql } from 'drizzle-orm';
import type { PostgresDatabase, ShopDatabase, SqliteDatabase } from '../../../platform/database.js';
import { missingProtections, restoreProtections } from '../../../platform/postgres-triggers.js';
import { missingTriggers, restoreTriggers } from '../../../platform/sqlite-triggers.js';
import { openReader } from '../../../platform/sqlite.js';
import type { AuditReport, ExpectedHead } from '../verify-audit-log.js';
import { runWorker } from '../../../platform/worker-thread.js';
import type { ChainWorkerData } from './audit-chain-worker.js';
import { auditOrderLog, createIncrementalAudit, type AuditPass, type AuditProgress, type ChainPassOutcome } from './audit.js';
import type { ChainKeying } from '../../ordering/index.js';
import { startOrderLog, type OrderLogStart, type StartIo } from './log-guard.js';
import type { LogSnapshot } from './log-reader.js';
import { createPgLogReader } from './postgres/log-reader.js';
import { createSqliteLogReader, sqliteLogSnapshot } from './sqlite/log-reader.js';

// The order log's start-up check, audits and protections, whichever engine (decisions 014, 024):
// the checks are written once (log-guard.ts, audit.ts) over a LogReader; here each engine gives
// its reader, its snapshot and its triggers.

/**
 * An audit reads on a connection of its own, opened for it (a fraction of a millisecond) and
 * closed after: its snapshot stays open across awaits, and no other request's read may land in
 * it (that read would see the snapshot's older data).
 */
function sqliteAuditSnapshot(database: SqliteDatabase): LogSnapshot {
  if (database.file === ':memory:') return sqliteLogSnapshot(database.handle.sqlite);
  return async (fn) => {
    const connection = openReader(database.file);
    try {
      return await sqliteLogSnapshot(connection.sqlite)(fn);
    } finally {
      connection.close();
    }
  };
}

function pgSnapshot(database: PostgresDatabase): LogSnapshot {
  return (fn) => database.handle.db.transaction((tx) => fn(createPgLogReader(tx)), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

const snapshots = new WeakMap<ShopDatabase, LogSnapshot>();
const snapshotOf = (database: ShopDatabase): LogSnapshot => {
  let snapshot = snapshots.get(database);
  if (!snapshot) snapshots.set(database, (snapshot = database.engine === 'sqlite' ? sqliteAuditSnapshot(database) : pgSnapshot(database)));
  return snapshot;
};

/**
 * The checks at start (decision 014), in one writing transaction: on SQLite the writer's, on
 * PostgreSQL one that holds the log's head row, so processes starting together record a key once.
 */
export function startOrderLogOn(database: ShopDatabase, auditKey?: string): Promise<OrderLogStart> {
  if (database.engine === 'sqlite') {
    const sqlite = database.handle.sqlite;
    const recordKey = sqlite.prepare('update order_log_head set keyed_from = ?, key_proof = ?, head_mac = ? where id = 1');
    const io: StartIo = {
      reader: createSqliteLogReader(sqlite),
      missingTriggers: async () => missingTriggers(sqlite),
      recordKey: async (keyedFrom, proof, mac) => void recordKey.run(keyedFrom, proof, mac),
    };
    return database.transaction(() => startOrderLog(io, auditKey));
  }
  return database.transaction(async (tx) => {
    if (tx.engine !== 'postgres') throw new Error('a SQLite transaction was given to PostgreSQL');
    const db = tx.db;
    await db.execute(sql`select 1 from order_log_head where id = 1 for update`);
    const io: StartIo = {
      reader: createPgLogReader(db),
      missingTriggers: () => missingProtections(async (text) => (await db.execute(sql.raw(text))).rows as never[]),
      recordKey: async (keyedFrom, proof, mac) => {
        await db.execute(sql`update order_log_head set keyed_from = ${keyedFrom}, key_proof = ${proof}, head_mac = ${mac} where id = 1`);
      },
    };
    return startOrderLog(io, auditKey);
  });
}

export function incrementalAuditOn(database: ShopDatabase, keying: ChainKeying, options: { sliceEvents?: number | undefined } = {}): () => Promise<AuditReport> {
  const isOpen = database.engine === 'sqlite' ? () => database.handle.sqlite.open : () => !database.handle.pool.ended;
  return createIncrementalAudit(snapshotOf(database), keying, { ...options, isOpen });
}

export function auditOrderLogOn(
  database: ShopDatabase,
  auditKey?: string,
  expectHead: ExpectedHead | null = null,
  progress?: AuditProgress,
  options: { chainInWorkerFrom?: number } = {},
): Promise<AuditReport> {
  // A worker costs its start (~50 ms built, ~1 s under tsx): only for a log long enough to gain.
  const inWorker = options.chainInWorkerFrom !== undefined && database.engine === 'sqlite' && database.file !== ':memory:' && eventCountOf(database) >= options.chainInWorkerFrom;
  const elsewhere = inWorker ? () => chainInWorker({ file: database.file, auditKey, expectHead, progress: progress !== undefined }, progress) : undefined;
  return auditOrderLog(snapshotOf(database), auditKey, expectHead, progress, elsewhere);
}

/** The head's count (0 when there is none yet, or on PostgreSQL): how long a SQLite file's log is, in O(1). */
export const eventCountOf = (database: SqliteDatabase): number => {
  const sqlite = database.handle.sqlite;
  if (!sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'order_log_head'").get()) return 0;
  return (sqlite.prepare('select event_count from order_log_head where id = 1').pluck().get() as number | undefined) ?? 0;
};

/** Pass 1 in a worker thread (audit-chain-worker.ts). */
const chainInWorker = (data: ChainWorkerData, progress?: AuditProgress) => runWorker<ChainPassOutcome, { pass: AuditPass; rows: number }>(import.meta.url, 'audit-chain-worker', data, progress && ((p) => progress(p.pass, p.rows))).answer;

/** The protective triggers missing or altered (audit:verify reports them). */
export function missingTriggersOn(database: ShopDatabase): Promise<string[]> {
  if (database.engine === 'sqlite') return Promise.resolve(missingTriggers(database.handle.sqlite));
  return missingProtections(async (text) => (await database.handle.pool.query(text)).rows as never[]);
}

/** Recreates missing or altered protective triggers (as the tables' owner); returns their names. */
export async function restoreTriggersOn(database: ShopDatabase): Promise<string[]> {
  if (database.engine === 'sqlite') {
    const sqlite = database.handle.sqlite;
    return database.outside.write(() => restoreTriggers(sqlite));
  }
  return database.transaction(async (tx) => {
    if (tx.engine !== 'postgres') throw new Error('a SQLite transaction was given to PostgreSQL');
    const db = tx.db;
    return restoreProtections(async (text) => (await db.execute(sql.raw(text))).rows as never[]);
  });
}

export type { OrderLogStart };
