/**
 * `npm run import:original -- <folder> [--dry-run]`: moves an old shop's data here (issue 19,
 * decision 041). The folder holds one mongoexport file per collection, named after it
 * (productsColl.json, categoriesColl.json, slidersColl.json, couponsColl.json, usersColl.json,
 * cartsColl.json, ordersColl.json), as JSON lines or one JSON array (--jsonArray); a missing file
 * imports nothing of its kind. Writes into DATA_DIR/shop.db, or PostgreSQL when DATABASE_URL is set.
 *
 * --dry-run writes nothing: it prints every record it would change or leave out, and why, and the
 * summary. A real run prints the same, then audits the order log. A second run of the same files
 * changes nothing. Exit codes: 0 done (records left out are reported, not failures), 1 an export
 * file cannot be read (nothing was written) or the database cannot be opened, 2 a usage error.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.js';
import { auditOrderLog, describeAuditProblem } from '../modules/ordering/index.js';
import { openPostgresDatabase, openSqliteDatabase, type ShopDatabase } from '../platform/database.js';
import { systemClock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { runImport } from './import-original-run.js';
import { describeDatabase } from './postgres-tools.js';

const usage = 'usage: npm run import:original -- <folder of mongoexport files> [--dry-run]\n';
let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ options: { 'dry-run': { type: 'boolean' } }, allowPositionals: true, strict: true });
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
const say = (line: string) => process.stdout.write(`${line}\n`);

const env = loadEnv();
let database: ShopDatabase;
let where: string;
try {
  if (env.DATABASE_URL) {
    where = describeDatabase(env.DATABASE_URL);
    database = await openPostgresDatabase(env.DATABASE_URL, { max: 2 });
  } else {
    const file = join(env.DATA_DIR, 'shop.db');
    where = file;
    // A dry run writes nothing: a shop that does not exist yet is checked as an empty one, in memory.
    if (dryRun && !existsSync(file)) {
      say(`import: no shop database at ${file} yet: checking against an empty shop`);
      database = openSqliteDatabase(':memory:');
    } else {
      database = openSqliteDatabase(file, { migrate: !dryRun });
    }
  }
} catch (e) {
  process.stderr.write(`import: cannot open the database (${env.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR ${env.DATA_DIR}`}): ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}

try {
  say(`import: ${dryRun ? 'dry run (nothing is written) of' : 'importing'} ${folder} into ${where}`);
  const report = await runImport({ folder, dryRun, database, newId, clock: systemClock, defaultStock: env.DEFAULT_STOCK, provider: env.AUTH_PROVIDER, auditKey: env.AUDIT_KEY, say });
  if (report.unreadable.length) {
    for (const problem of report.unreadable) process.stderr.write(`import: ${problem}\n`);
    process.stderr.write('import: nothing was imported.\n');
    process.exitCode = 1;
  } else if (!dryRun) {
    const audit = await auditOrderLog(database, env.AUDIT_KEY);
    say(audit.verified ? `import: audit ok, ${audit.eventCount} events of ${audit.orderCount} orders verified.` : `import: audit FAILED at ${describeAuditProblem(audit.problem)}`);
    if (database.engine === 'sqlite') say('import: restart the shop if it was running, so that its cached pages show the imported catalogue.');
  }
} finally {
  await database.close();
}
