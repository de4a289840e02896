import type { ShopDatabase } from '../../../platform/database.js';
import { restoreTriggers } from '../../../platform/sqlite-triggers.js';
import type { AuditReport, ExpectedHead } from '../verify-audit-log.js';
import type { ChainKeying } from './hash-chain.js';
import { auditSqliteOrderLog, createIncrementalAudit, type AuditProgress } from './sqlite-audit.js';
import { startOrderLog, type OrderLogStart } from './sqlite-log-guard.js';

// The order log's start-up check and audits, whichever engine (decision 024). A first, SQLite-only
// form over the synchronous functions; the PostgreSQL side follows.

const sqliteOnly = (database: ShopDatabase) => {
  if (database.engine !== 'sqlite') throw new Error('the order log checks on PostgreSQL are not wired yet');
  return database;
};

export async function startOrderLogOn(database: ShopDatabase, auditKey?: string): Promise<OrderLogStart> {
  const db = sqliteOnly(database);
  return db.outside.write(() => startOrderLog(db.handle.sqlite, auditKey));
}

export function incrementalAuditOn(database: ShopDatabase, keying: ChainKeying, options: { sliceEvents?: number | undefined } = {}): () => Promise<AuditReport> {
  const db = sqliteOnly(database);
  const audit = createIncrementalAudit(db.handle.sqlite, keying, options);
  return () => db.outside.write(audit);
}

export async function auditOrderLogOn(database: ShopDatabase, auditKey?: string, expectHead: ExpectedHead | null = null, progress?: AuditProgress): Promise<AuditReport> {
  const db = sqliteOnly(database);
  return db.outside.write(() => auditSqliteOrderLog(db.handle.sqlite, auditKey, expectHead, progress));
}

/** Recreates missing or altered protective triggers; returns their names. */
export async function restoreTriggersOn(database: ShopDatabase): Promise<string[]> {
  const db = sqliteOnly(database);
  return db.outside.write(() => restoreTriggers(db.handle.sqlite));
}

export type { OrderLogStart };
