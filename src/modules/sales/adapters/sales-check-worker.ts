/**
 * audit:verify's sales projection check (sales-check.ts) in a worker thread on a read connection
 * of its own (issue 20), so it runs beside the audit's passes instead of after them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openReader } from '../../../platform/sqlite.js';
import { checkSqliteSales } from './sales-check.js';

const connection = openReader((workerData as { file: string }).file);
try {
  parentPort?.postMessage({ answer: checkSqliteSales(connection.sqlite) });
} finally {
  connection.close();
}
