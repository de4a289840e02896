import type { StaffGuard } from '../../platform/http/contract.js';
import type { ShopDatabase } from '../../platform/database.js';
import type { Logger } from '../../platform/logger.js';
import { orderReadsOn, type AfterCommit, type ChainKeying, type OrderLog, type OrderLogStarted } from '../ordering/index.js';
import type { AuditProgress } from './adapters/audit.js';
import { witnessAfterCommit, witnessProblemOn, type HeadWitness } from './adapters/head-witness.js';
import { auditOrderLogOn, eventCountOf, incrementalAuditOn, missingTriggersOn, restoreTriggersOn, startOrderLogOn } from './adapters/log-access.js';
import { auditRoutes } from './adapters/http.js';
import { checkStatusCountsOn } from './adapters/status-counts-check.js';
import type { ExpectedHead } from './verify-audit-log.js';

export type { AuditDto } from './adapters/http.js';
export type { AuditProgress } from './adapters/audit.js';
export type { AuditReport, ExpectedHead } from './verify-audit-log.js';
export { describeAuditProblem, describeHead, parseExpectedHead } from './verify-audit-log.js';
/** The head witness (decision 049): the shop's writer, and what audit:verify, backup and restore read and write. */
export { createHeadWitness, isInside, readWitnessFile, witnessLine, witnessProblemOn, writeWitnessFileSync, type HeadWitness } from './adapters/head-witness.js';
export { witnessProblem, type WitnessedHead } from './verify-audit-log.js';

/**
 * The audit (decision 014; its own module since decision 050): the order log's checks at start,
 * its head witness, GET /api/audit (an admin's verdict on the hash chain and its latest events)
 * and the whole audit of the CLIs. It reads ordering's log through ordering's index; ordering
 * knows nothing of it.
 */
export type AuditDeps = {
  database: ShopDatabase;
  /** The keying the start-up check found (openOrderLog's). */
  keying: ChainKeying;
  /** Ordering's log, read outside transactions. */
  log: OrderLog;
  /** Events GET /api/audit checks per call and per background turn (tests make it small). */
  sliceEvents?: number | undefined;
  requireStaff: StaffGuard;
};

export function createAuditModule(deps: AuditDeps) {
  // The incremental check of the hash chain, a slice per call (decision 014).
  const audit = incrementalAuditOn(deps.database, deps.keying, { sliceEvents: deps.sliceEvents });
  // The page names each event's order by its number (issue 33), read from ordering's listing.
  const orders = orderReadsOn(deps.database);
  return { routes: [auditRoutes({ log: deps.log, audit, orderNumbers: (ids) => orders.numbersOf(ids), requireStaff: deps.requireStaff })] };
}

/**
 * The order log's checks at start, before ordering is made (decision 014): refuses, with a
 * message for the operator, when the log cannot be written safely (its protective triggers or
 * head are missing, or AUDIT_KEY does not fit the key the log records), or when the database is
 * behind its head witness (decision 049). Answers the log's start for ordering and, with a
 * witness, what every ordering transaction appends to it after its COMMIT.
 */
export async function openOrderLog(
  database: ShopDatabase,
  options: { auditKey?: string | undefined; headWitness?: HeadWitness | undefined; logger: Logger },
): Promise<{ start: OrderLogStarted; afterCommit: AfterCommit | undefined }> {
  const start = await startOrderLogOn(database, options.auditKey);
  if (!start.ok) throw new Error(start.message);
  const witness = options.headWitness;
  if (witness) {
    const kept = witness.read();
    const behind = kept && (await witnessProblemOn(database, kept));
    if (behind) {
      throw new Error(
        `The database is behind its witness ${witness.path} (AUDIT_WITNESS_PATH): ${behind}. The shop refuses to start on it. ` +
          `Restore a backup at or past that head (\`npm run restore <file>\`; \`npm run audit:verify -- --witness <file>.head\` shows which), or, once you have investigated, move ${witness.path} away and start again.`,
      );
    }
    await witness.record(start.head);
  }
  return { start, afterCommit: witness ? witnessAfterCommit(witness, database, options.logger) : undefined };
}

/**
 * The start-up check alone (no witness), for `npm run import:original`'s real run: it refuses, as
 * the server does, when the log cannot be written safely.
 */
export async function startOrderLog(database: ShopDatabase, auditKey?: string): Promise<OrderLogStarted> {
  const start = await startOrderLogOn(database, auditKey);
  if (!start.ok) throw new Error(start.message);
  return start;
}

/**
 * For the audit CLI, backup and restore: verifies a database's order log without a server, in
 * constant memory, against an expected head when an auditor kept one (decision 014).
 */
export function auditOrderLog(database: ShopDatabase, auditKey?: string, expectHead: ExpectedHead | null = null, progress?: AuditProgress, options: { chainInWorkerFrom?: number } = {}) {
  return auditOrderLogOn(database, auditKey, expectHead, progress, options);
}

/** For audit:verify: the desk's counts per status (issue 20, decision 045) against the listing. */
export const checkStatusCounts = (database: ShopDatabase) => checkStatusCountsOn(database);
/** How many events a SQLite file's log holds (its head's count, O(1)); 0 on PostgreSQL. For audit:verify's choice of worker threads. */
export const orderLogLength = (database: ShopDatabase): number => (database.engine === 'sqlite' ? eventCountOf(database) : 0);

/** For audit:verify: the protective triggers missing or altered, and putting them back (as the tables' owner). */
export const orderLogProtections = {
  missing: (database: ShopDatabase) => missingTriggersOn(database),
  restore: (database: ShopDatabase) => restoreTriggersOn(database),
};
