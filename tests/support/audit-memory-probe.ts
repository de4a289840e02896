/**
 * Run as `node --expose-gc --import tsx tests/support/audit-memory-probe.ts <shop.db>` by
 * tests/startup/audit-stream.test.ts: the real audit (auditOrderLog, as audit:verify and backup
 * run it) over a big log, sampling the heap after a full GC every 10,000 rows it reads. Prints
 * one JSON line: the report's counts, the heap before, the highest sample and after.
 */
import { auditOrderLog } from '../../src/modules/ordering/index.js';
import { openDatabase } from '../../src/platform/sqlite.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const database = openDatabase(process.argv[2] as string);
const before = heap();
let peak = before;
let samples = 0;
const report = auditOrderLog(database.db, undefined, null, () => {
  samples++;
  peak = Math.max(peak, heap());
});
const after = heap();
database.close();
process.stdout.write(`${JSON.stringify({ verified: report.verified, problem: report.problem, eventCount: report.eventCount, orderCount: report.orderCount, before, peak, after, samples })}\n`);
