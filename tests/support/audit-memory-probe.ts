/**
 * Run as `node --expose-gc --import tsx tests/support/audit-memory-probe.ts <shop.db>` by
 * tests/startup/audit-stream.test.ts: the real audit (auditOrderLog, as audit:verify and backup
 * run it) over a big log, sampling the heap after a full GC every 10,000 rows it reads. Prints
 * one JSON line: the report's counts, the heap before, the highest sample and after.
 */
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { openSqliteDatabase } from '../../src/platform/database.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const database = openSqliteDatabase(process.argv[2] as string, { migrate: false });
const before = heap();
let peak = before;
let samples = 0;
const report = await auditOrderLog(database, undefined, null, () => {
  samples++;
  peak = Math.max(peak, heap());
});
const after = heap();
await database.close();
process.stdout.write(`${JSON.stringify({ verified: report.verified, problem: report.problem, eventCount: report.eventCount, orderCount: report.orderCount, before, peak, after, samples })}\n`);
