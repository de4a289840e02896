/**
 * `npm run audit:verify`: recomputes the order log's hash chain and every order's state from its
 * events, compares them with the listing table, and exits non-zero naming the first bad event.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from '../env.js';
import { auditOrderLog } from '../modules/ordering/index.js';
import { openDatabase } from '../platform/sqlite.js';

const env = loadEnv();
const file = join(env.DATA_DIR, 'shop.db');
if (!existsSync(file)) {
  process.stderr.write(`No shop database at ${file} (setting DATA_DIR).\n`);
  process.exit(2);
}
const database = openDatabase(file);
try {
  const report = auditOrderLog(database.db, env.AUDIT_KEY);
  if (report.verified) {
    process.stdout.write(`audit: ok, ${report.eventCount} events of ${report.orderCount} orders verified; the listing table matches the log.\n`);
  } else {
    const p = report.problem;
    const where = p?.eventId !== null && p?.eventId !== undefined ? `event ${p.eventId} (order ${p.orderId}, seq ${p.seq})` : `order ${p?.orderId}`;
    process.stderr.write(`audit: FAILED at ${where}: ${p?.reason}\n`);
    process.exitCode = 1;
  }
} finally {
  database.close();
}
