/**
 * `npm run audit:verify [-- --expect-head <count:hash>] [-- --restore-triggers]`: recomputes the
 * order log's hash chain and every order's state from its events, compares them with the listing
 * table and with the log's head, and exits non-zero naming the first bad event (decision 014).
 * It also compares the sales projection with the listing and warns when they differ (decision 033).
 *
 * --expect-head: a head an auditor kept (printed at every start and backup, as count:hash, or the
 *   hash alone). The copy's chain must hold that event: a copy truncated or rewritten before it fails.
 * --restore-triggers: when (and only when) the log verifies, recreates protective triggers that
 *   are missing or altered; the server refuses to start without them.
 * --witness <file>: a head witness file (decision 049; AUDIT_WITNESS_PATH by default, or a backup's
 *   .head): a database behind it (or with another event at its head) fails, naming the file.
 *
 * It reads one snapshot, one row at a time (constant memory, however long the log). Exit codes:
 * 0 verified (and the triggers in place), 1 a problem, 2 a usage error or no database.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.js';
import { auditOrderLog, checkStatusCounts, describeAuditProblem, describeHead, orderLogLength, orderLogProtections, parseExpectedHead, readWitnessFile, witnessProblemOn, type WitnessedHead } from '../modules/audit/index.js';
import { startSalesProjectionCheck } from '../modules/sales/index.js';
import { openShopDatabase, shopSqliteFile, type ShopDatabase } from '../platform/database.js';
import { describeDatabase } from './postgres-tools.js';

const usage = 'usage: npm run audit:verify [-- --expect-head <count:hash>] [--witness <file>] [--restore-triggers]\n';
let options: { 'expect-head'?: string; 'restore-triggers'?: boolean; witness?: string };
try {
  options = parseArgs({ options: { 'expect-head': { type: 'string' }, 'restore-triggers': { type: 'boolean' }, witness: { type: 'string' } }, strict: true }).values;
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
  process.exit(2);
}
const expectHead = options['expect-head'] === undefined ? null : parseExpectedHead(options['expect-head']);
if (options['expect-head'] !== undefined && !expectHead) {
  process.stderr.write(`--expect-head takes a head as printed by the server or a backup: <count>:<64 hex digits>, or the hash alone.\n${usage}`);
  process.exit(2);
}

const env = loadEnv();
// The witness (decision 049): the one given, else AUDIT_WITNESS_PATH's; a given one must exist.
const witnessPath = options.witness ?? env.AUDIT_WITNESS_PATH;
let witnessed: WitnessedHead | null = null;
if (witnessPath !== undefined) {
  if (options.witness !== undefined && !existsSync(options.witness)) {
    process.stderr.write(`No witness file at ${options.witness} (--witness).\n`);
    process.exit(2);
  }
  try {
    witnessed = readWitnessFile(witnessPath);
  } catch (e) {
    process.stderr.write(`Cannot read the witness ${witnessPath}: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
}

// A SQLite file is read as it is: a missing one is not created, an old one is reported, not migrated.
const sqliteFile = shopSqliteFile(env);
if (sqliteFile !== null && !existsSync(sqliteFile)) {
  process.stderr.write(`No shop database at ${sqliteFile} (setting DATA_DIR).\n`);
  process.exit(2);
}
let database: ShopDatabase;
try {
  database = await openShopDatabase(env, { poolSize: 2, migrate: false });
} catch (e) {
  if (!env.DATABASE_URL) throw e;
  process.stderr.write(`Cannot open ${describeDatabase(env.DATABASE_URL)} (DATABASE_URL): ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
}

try {
  // On a terminal, a long log shows it is moving (every 100,000 rows).
  const progress = process.stderr.isTTY ? (pass: string, rows: number) => rows % 100_000 === 0 && process.stderr.write(`audit: ${rows} ${pass === 'chain' ? 'events' : pass} read...\n`) : undefined;
  // Issue 20: on a SQLite file of 20,000 events or more, the sales check runs beside the audit in
  // a worker thread (reported only when the log verified), and the chain is hashed in another
  // while this thread folds the orders (a worker's start is not worth it for a short log).
  const salesCheck = startSalesProjectionCheck(database, { inWorker: orderLogLength(database) >= 20_000 });
  const report = await auditOrderLog(database, env.AUDIT_KEY, expectHead, progress, { chainInWorkerFrom: 20_000 });
  const head = describeHead(report.head);
  // Behind its witness: a rollback to an earlier state that is sound on its own (decision 049).
  const behind = witnessed && (await witnessProblemOn(database, witnessed));
  if (behind) {
    salesCheck.stop();
    process.stderr.write(
      `audit: FAILED: the database is behind its witness ${witnessPath}: ${behind}.\naudit: the database records ${head}.${report.verified ? '' : `\naudit: and its log fails at ${describeAuditProblem(report.problem)}`}\n` +
        'audit: restore a backup at or past the witness, or move the witness away once you have investigated.\n',
    );
    process.exitCode = 1;
  } else if (!report.verified) {
    salesCheck.stop();
    process.stderr.write(`audit: FAILED at ${describeAuditProblem(report.problem)}\naudit: the database records ${head}.\n`);
    process.exitCode = 1;
  } else {
    const against = expectHead ? `; it holds the expected head ${expectHead.count === null ? '' : `${expectHead.count}:`}${expectHead.hash.slice(0, 16)}...` : '';
    const witnessNote = witnessPath === undefined ? '' : witnessed ? `; it holds the witness ${witnessPath} (event ${witnessed.eventCount}${witnessed.at ? ` at ${witnessed.at}` : ''})` : `; the witness ${witnessPath} holds no head yet`;
    process.stdout.write(`audit: ok, ${report.eventCount} events of ${report.orderCount} orders verified; the listing table matches the log${against}${witnessNote}.\naudit: ${head}.\n`);
    // The sales projection (decision 033) against the listing just verified; a file from before it has none.
    const sales = await salesCheck.answer.catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    if (sales instanceof Error) {
      process.stderr.write(`audit: the sales projection could not be read (${sales.message}); a database from before it has none.\n`);
    } else if (sales.differingDayCells || sales.differingProductCells) {
      // A warning, not a failure: the stats are derived figures, and the log and listing verified.
      process.stderr.write(`audit: warning: the sales projection does not match the listing: ${sales.differingDayCells} day cells and ${sales.differingProductCells} product cells differ (of ${sales.dayCells} and ${sales.productCells}); the admins' stats are off.\n`);
    } else {
      process.stdout.write(`audit: the sales projection matches the listing (${sales.dayCells} day cells, ${sales.productCells} product cells).\n`);
    }
    // The desk's counts per status (issue 20, decision 045) against the same listing: a warning too.
    const counts = await checkStatusCounts(database).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    if (counts instanceof Error) {
      process.stderr.write(`audit: the desk's counts per status could not be read (${counts.message}); a database from before them has none.\n`);
    } else if (counts.differing.length) {
      const which = counts.differing.map((d) => `${d.status}: ${d.kept} kept, ${d.listed} listed`).join('; ');
      process.stderr.write(`audit: warning: the desk's counts per status do not match the listing (${which}); its X-Total-Count is off.\n`);
    } else {
      process.stdout.write(`audit: the desk's counts per status match the listing (${counts.statuses} ${counts.statuses === 1 ? 'status' : 'statuses'}).\n`);
    }
    const missing = await orderLogProtections.missing(database);
    if (missing.length && options['restore-triggers']) {
      process.stdout.write(`audit: protective triggers recreated: ${(await orderLogProtections.restore(database)).join(', ')}.\n`);
    } else if (missing.length) {
      process.stderr.write(
        `audit: but the protective triggers ${missing.join(', ')} are missing or altered, so the log can be rewritten and the server refuses to start. ` +
          'If the head above is one you trust (or --expect-head was given one), run again with --restore-triggers.\n',
      );
      process.exitCode = 1;
    }
  }
} finally {
  await database.close();
}
