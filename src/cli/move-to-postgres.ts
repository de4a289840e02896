/**
 * `npm run move-to-postgres [-- <file.db>]`: moves a stopped shop from SQLite (DATA_DIR/shop.db, or
 * the file given) into the empty PostgreSQL database DATABASE_URL names (issue 14).
 *
 * 1. The SQLite file must not be in use (the same exclusive-lock test as `npm run restore`); it is
 *    migrated, as the server would, and its order log must verify: a broken log is not moved.
 * 2. PostgreSQL is migrated, then every table is copied in one transaction (copy-to-postgres.ts),
 *    while this command holds SQLite's exclusive lock, so no server writes meanwhile; a database
 *    that already holds shop data is refused, and nothing is written.
 * 3. The rows of every table are counted on both sides, and PostgreSQL's order log is audited: it
 *    must verify with the same head as SQLite's (printed, for an auditor to keep).
 * The SQLite file is left as it was. Exit codes: 0 moved, 1 refused or failed, 2 a usage error.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadEnv } from '../env.js';
import { auditOrderLog, describeAuditProblem, describeHead } from '../modules/audit/index.js';
import { openPostgresDatabase, openSqliteDatabase, sqliteFileIn, type PostgresDatabase } from '../platform/database.js';
import { copySqliteToPostgres, countRows, MoveRefusedError } from './copy-to-postgres.js';
import { describeDatabase } from './postgres-tools.js';

const usage = 'usage: DATABASE_URL=postgres://... npm run move-to-postgres [-- <shop.db>]   (default: DATA_DIR/shop.db; the shop must be stopped)\n';
const say = (line: string) => process.stdout.write(`move-to-postgres: ${line}\n`);
function refuse(message: string, code = 1): never {
  process.stderr.write(`move-to-postgres: ${message}\n`);
  process.exit(code);
}

const env = loadEnv();
const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  process.stderr.write(usage);
  process.exit(2);
}
const url = env.DATABASE_URL;
if (!url) {
  process.stderr.write(`move-to-postgres: set DATABASE_URL to the empty PostgreSQL database the shop moves to.\n${usage}`);
  process.exit(2);
}
const file = resolve(args[0] ?? sqliteFileIn(env.DATA_DIR));
if (!existsSync(file)) refuse(`No shop database at ${file}${args[0] ? '' : ' (setting DATA_DIR)'}.`, 2);
const where = describeDatabase(url);

/**
 * SQLite's exclusive lock on the file, held by the returned connection until it is closed; every
 * connection to a WAL database holds a shared lock while open, so a running server is seen.
 */
function lockSqlite(): Database.Database {
  const db = new Database(file, { timeout: 0, fileMustExist: true });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    return db;
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY')) refuse(`${file} is in use by another process (is the server running?). Stop the shop first, then move it.`);
    refuse(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

// 1. The SQLite shop: stopped, current, and its log sound.
lockSqlite().close();
let sqliteHead: string;
{
  let database;
  try {
    database = openSqliteDatabase(file);
  } catch (e) {
    refuse(`cannot open ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    const report = await auditOrderLog(database, env.AUDIT_KEY);
    sqliteHead = describeHead(report.head);
    if (!report.verified) {
      refuse(`the order log of ${file} does not verify (FAILED at ${describeAuditProblem(report.problem)}; it records ${sqliteHead}); is AUDIT_KEY set as for the server? Nothing was copied.`);
    }
    say(`${file}: audit ok, ${report.eventCount} events of ${report.orderCount} orders; ${sqliteHead}.`);
  } finally {
    await database.close();
  }
}

// 2. PostgreSQL, migrated, then the copy under SQLite's lock.
let postgres: PostgresDatabase;
try {
  postgres = await openPostgresDatabase(url, { max: 2 });
} catch (e) {
  refuse(`cannot open ${where} (DATABASE_URL): ${e instanceof Error ? e.message : String(e)}`, 2);
}
try {
  const sqlite = lockSqlite();
  try {
    const copied = await copySqliteToPostgres(sqlite, postgres.handle.pool);
    say(`copied into ${where} in one transaction: ${copied.map((t) => `${t.name} ${t.rows}`).join(', ')}.`);
    // 3. Counted on both sides, and the log audited where it now is.
    const counts = await countRows(sqlite, postgres.handle.pool);
    const differing = counts.filter((c) => c.sqlite !== c.postgres);
    if (differing.length) refuse(`row counts differ: ${differing.map((c) => `${c.name} ${c.sqlite} in SQLite, ${c.postgres} in PostgreSQL`).join('; ')}.`);
    say(`row counts match in all ${counts.length} tables.`);
  } catch (e) {
    if (e instanceof MoveRefusedError) refuse(e.message);
    refuse(`the copy failed, and PostgreSQL was left as it was (one transaction): ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    if (sqlite.open) sqlite.close();
  }

  const report = await auditOrderLog(postgres, env.AUDIT_KEY).catch((e: unknown) =>
    refuse(`the copy is in PostgreSQL, but its order log could not be audited: ${e instanceof Error ? e.message : String(e)}`),
  );
  const head = describeHead(report.head);
  if (!report.verified) refuse(`the copy's order log does not verify on PostgreSQL (FAILED at ${describeAuditProblem(report.problem)}; ${head}).`);
  if (head !== sqliteHead) refuse(`PostgreSQL's order log records ${head}, not SQLite's ${sqliteHead}.`);
  say(`${where}: audit ok, ${report.eventCount} events of ${report.orderCount} orders; ${head} (the same as SQLite's).`);
  say(`done: start the shop with DATABASE_URL set. ${file} is left as it was; uploaded images stay in DATA_DIR/uploads (several machines need S3, see docs/scale-out.md).`);
  if (!env.SESSION_SECRET && existsSync(join(env.DATA_DIR, 'secrets.json'))) {
    say(`every shop process needs this shop's SESSION_SECRET (it is in ${join(resolve(env.DATA_DIR), 'secrets.json')}) and AUDIT_KEY, or signed-in customers are signed out.`);
  }
} finally {
  await postgres.close();
}
