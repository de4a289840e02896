/**
 * `npm run import:original -- <folder> [--dry-run] [--admins <emails>]`: moves an old shop's data
 * here (issue 19, decision 041). The folder holds one mongoexport file per collection, named after it
 * (productsColl.json, categoriesColl.json, slidersColl.json, couponsColl.json, usersColl.json,
 * cartsColl.json, ordersColl.json), as JSON lines or one JSON array (--jsonArray); a missing file
 * imports nothing of its kind. Writes into DATA_DIR/shop.db, or PostgreSQL when DATABASE_URL is set.
 *
 * The files are a stranger's data (issue 40): no role is read from them (every imported profile is
 * a customer's; --admins, comma-separated emails, names the accounts made admin, in the files or
 * the shop's), every document is checked before anything is written, against the live API's
 * bounds (MAX_ORDER_LINES, MAX_LINE_QUANTITY, MAX_ORDER_TOTAL, MAX_CART_LINES), and everything is
 * written in one transaction.
 *
 * --dry-run writes nothing: it prints every record it would change or leave out, and why, every
 * account it would create or make admin, and the summary. A real run prints the same, then audits
 * the order log. A second run of the same files changes nothing. Exit codes: 0 done (records left
 * out are reported, not failures), 1 the import is refused (a file that cannot be read, a document
 * the shop would never accept: each is named) or the database cannot be opened or fails: nothing
 * was written; 2 a usage error.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.js';
import { auditOrderLog, describeAuditProblem } from '../modules/audit/index.js';
import { openShopDatabase, shopSqliteFile, type ShopDatabase } from '../platform/database.js';
import { systemClock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { runImport } from './import-original-run.js';
import { describeDatabase } from './postgres-tools.js';

const usage = 'usage: npm run import:original -- <folder of mongoexport files> [--dry-run] [--admins <email>,<email>...]\n';
let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ options: { 'dry-run': { type: 'boolean' }, admins: { type: 'string' } }, allowPositionals: true, strict: true });
}
try {
  parsed = parse();
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
  process.exit(2);
}
const [folderArg, ...extra] = parsed.positionals;
if (!folderArg || extra.length) {
  process.stderr.write(usage);
  process.exit(2);
}
const folder = resolve(folderArg);
if (!existsSync(folder) || !statSync(folder).isDirectory()) {
  process.stderr.write(`import: ${folder} is not a folder.\n${usage}`);
  process.exit(1);
}
const dryRun = parsed.values['dry-run'] === true;
const admins = (parsed.values.admins ?? '')
  .split(',')
  .map((e) => e.trim())
  .filter(Boolean);
if (parsed.values.admins !== undefined && admins.length === 0) {
  process.stderr.write(`import: --admins names no email.\n${usage}`);
  process.exit(2);
}
const say = (line: string) => process.stdout.write(`${line}\n`);

const env = loadEnv();
let database: ShopDatabase;
let where: string;
try {
  const file = shopSqliteFile(env);
  where = file ?? describeDatabase(env.DATABASE_URL ?? '');
  // A dry run writes nothing: a shop that does not exist yet is checked as an empty one, in memory.
  const empty = file !== null && dryRun && !existsSync(file);
  if (empty) say(`import: no shop database at ${file} yet: checking against an empty shop`);
  database = await openShopDatabase(env, empty ? { poolSize: 2, sqliteFile: ':memory:' } : { poolSize: 2, migrate: !dryRun });
} catch (e) {
  process.stderr.write(`import: cannot open the database (${env.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR ${env.DATA_DIR}`}): ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}

try {
  say(`import: ${dryRun ? 'dry run (nothing is written) of' : 'importing'} ${folder} into ${where}`);
  const limits = { maxOrderLines: env.MAX_ORDER_LINES, maxLineQuantity: env.MAX_LINE_QUANTITY, maxOrderTotal: env.MAX_ORDER_TOTAL, maxCartLines: env.MAX_CART_LINES };
  const report = await runImport({ folder, dryRun, database, newId, clock: systemClock, defaultStock: env.DEFAULT_STOCK, provider: env.AUTH_PROVIDER, auditKey: env.AUDIT_KEY, say, admins, limits });
  if (report.refused.length) {
    for (const problem of report.refused) process.stderr.write(`import: ${problem}\n`);
    process.stderr.write(`import: refused: ${dryRun ? 'the import would write nothing' : 'nothing was written'}. A bound of the live shop can be raised for the import (MAX_ORDER_LINES, MAX_ORDER_TOTAL, MAX_CART_LINES); a document no shop would accept must be corrected or taken out of the file.\n`);
    process.exitCode = 1;
  } else if (!dryRun) {
    const audit = await auditOrderLog(database, env.AUDIT_KEY);
    say(audit.verified ? `import: audit ok, ${audit.eventCount} events of ${audit.orderCount} orders verified.` : `import: audit FAILED at ${describeAuditProblem(audit.problem)}`);
    if (database.engine === 'sqlite') say('import: restart the shop if it was running, so that its cached pages show the imported catalogue.');
  }
} catch (e) {
  // A fault of the database or the disk: the one transaction was rolled back. Said in a line, no stack.
  process.stderr.write(`import: failed: ${e instanceof Error ? e.message : String(e)}\nimport: nothing was written${dryRun ? ' (a dry run writes nothing)' : ' (the import is one transaction)'}.\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
