/**
 * The audit's pass 1 in a worker thread (issue 20): audit:verify on a SQLite file hashes the chain
 * here, on a read connection of its own, while the main thread folds the orders and compares the
 * listing (audit.ts's `chainElsewhere`). Posts progress messages, then its outcome.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openReader } from '../../../platform/sqlite.js';
import type { ExpectedHead } from '../verify-audit-log.js';
import { auditChain } from './audit.js';
import { sqliteLogSnapshot } from './sqlite/log-reader.js';

export type ChainWorkerData = { file: string; auditKey: string | undefined; expectHead: ExpectedHead | null; progress: boolean };

const data = workerData as ChainWorkerData;
const connection = openReader(data.file);
try {
  const outcome = await auditChain(sqliteLogSnapshot(connection.sqlite), data.auditKey, data.expectHead, data.progress ? (pass, rows) => parentPort?.postMessage({ progress: { pass, rows } }) : undefined);
  parentPort?.postMessage({ answer: outcome });
} finally {
  connection.close();
}
