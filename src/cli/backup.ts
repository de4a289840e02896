/**
 * `npm run backup [file]`: a consistent copy of the shop while it serves.
 *
 * The database is copied with `VACUUM INTO`, which reads one snapshot (a read transaction: the
 * server keeps writing to the WAL meanwhile and nothing is blocked), so the copy holds every order
 * committed before it started and none half-written. It is written under a temporary name,
 * fsynced, checked with integrity_check, and only then given its name. The order log's hash chain
 * and head are verified too (streamed, in constant memory), and the head is printed for an auditor
 * to keep (decision 014): when the check fails the copy is kept, but the command says so and exits 1.
 * Default: DATA_DIR/backups/shop-<time>.db; a backup never overwrites a file.
 *
 * Uploaded images (DATA_DIR/uploads) are copied after the snapshot into <file without .db>.uploads/:
 * they are content-addressed and never deleted, so every picture the copied database names is
 * there. secrets.json is not copied: keep SESSION_SECRET (and AUDIT_KEY) with your settings.
 * A backup inside DATA_DIR does not survive the loss of the disk: copy the files elsewhere.
 *
 * The copy's head is written beside it as a witness (decision 049): shop-<time>.head, one
 * `count:hash time` line, which `npm run audit:verify -- --witness <file>` and `npm run restore`
 * read; and appended to AUDIT_WITNESS_PATH when that is set. Only for a copy whose log verifies.
 *
 * With DATABASE_URL (PostgreSQL, issue 14) it runs pg_dump instead, in its custom format (-Fc), to
 * DATA_DIR/backups/shop-<time>.dump (or the given file.dump): the shop's schemas (public and
 * drizzle's migrations), from one snapshot exported by this command's own transaction, in which it
 * also reads the order log's head, so the head printed is exactly the copy's. The archive is written
 * under a temporary name, fsynced, listed by pg_restore (readable, whole), then named. The database's
 * log is audited against that head (decision 014): the log is append-only, so the copy's events are
 * the ones the audit verifies. The database is not migrated. Uploads are copied as above.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { loadEnv, type Env } from '../env.js';
import { auditOrderLog, createHeadWitness, describeAuditProblem, describeHead, isInside, orderLogProtections, writeWitnessFileSync } from '../modules/audit/index.js';
import { postgresDatabase, sqliteFileIn } from '../platform/database.js';
import { openPostgres } from '../platform/postgres.js';
import { openDatabase } from '../platform/sqlite.js';
import { checkShopFile, copyMissingUploads, fileTimestamp, fsyncPath, headFileOf, removeQuietly, uploadsOf } from './backup-files.js';
import { connectOnce, describeDatabase, findPostgresProgram, listArchive, missingProgram, readHead, runPostgresProgram } from './postgres-tools.js';

const env = loadEnv();
if (env.DATABASE_URL) await backupPostgres(env, env.DATABASE_URL);
else await backupSqlite(env);

async function backupSqlite(env: Env): Promise<void> {
  const source = sqliteFileIn(env.DATA_DIR);
  const [given] = process.argv.slice(2);
  if (!existsSync(source)) {
    process.stderr.write(`No shop database at ${source} (setting DATA_DIR).\n`);
    process.exit(2);
  }
  if (given !== undefined && !/\.db$/.test(given)) {
    process.stderr.write('usage: npm run backup [file.db]   (default: DATA_DIR/backups/shop-<time>.db)\n');
    process.exit(2);
  }
  const target = resolve(given ?? join(env.DATA_DIR, 'backups', `shop-${fileTimestamp()}.db`));
  if (existsSync(target)) {
    process.stderr.write(`${target} exists already: a backup never overwrites a file.\n`);
    process.exit(1);
  }
  mkdirSync(dirname(target), { recursive: true });
  const partial = join(dirname(target), `.${basename(target)}.partial`);
  removeQuietly(partial, `${partial}-wal`, `${partial}-shm`);

  const database = openDatabase(source);
  try {
    database.sqlite.prepare('vacuum into ?').run(partial);
  } catch (e) {
    removeQuietly(partial);
    process.stderr.write(`backup: could not copy ${source}: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  } finally {
    database.close();
  }

  fsyncPath(partial);
  const check = await checkShopFile(partial, env.AUDIT_KEY);
  if (check.integrity !== 'ok') {
    removeQuietly(partial, `${partial}-wal`, `${partial}-shm`);
    process.stderr.write(`backup: the copy is not sound (integrity: ${check.integrity}); nothing was kept.\n`);
    process.exit(1);
  }
  fsyncPath(partial);
  renameSync(partial, target);
  fsyncPath(dirname(target));

  const images = copyMissingUploads(join(env.DATA_DIR, 'uploads'), uploadsOf(target));
  const uploads = images || existsSync(uploadsOf(target)) ? `, ${images} images in ${uploadsOf(target)}` : '';
  if (check.ok) {
    const kept = await witnessBackup(env, target, check.headRecord);
    process.stdout.write(`backup: ${target} (integrity ok; audit ${check.audit}; ${check.head})${uploads}.\n${kept}`);
  } else if (check.missingTriggers.length && !check.audit.startsWith('FAILED')) {
    process.stderr.write(
      `backup: ${target} kept${uploads} (audit ${check.audit}; ${check.head}), but the shop's protective triggers ${check.missingTriggers.join(', ')} are missing or altered: ` +
        'the log can be rewritten, and the server will refuse to start. See `npm run audit:verify -- --restore-triggers`.\n',
    );
    process.exitCode = 1;
  } else {
    // Kept all the same: a copy of a shop whose log does not verify (or a run without its AUDIT_KEY)
    // is still the data. `npm run restore` will refuse it until the log verifies.
    process.stderr.write(`backup: ${target} kept${uploads}, but its order log does not verify (audit ${check.audit}; the database records ${check.head}); is AUDIT_KEY set as for the server?\n`);
    process.exitCode = 1;
  }
}

async function backupPostgres(env: Env, url: string): Promise<void> {
  const [given] = process.argv.slice(2);
  if (given !== undefined && !/\.dump$/.test(given)) {
    process.stderr.write('usage: npm run backup [file.dump]   (DATABASE_URL is set: default DATA_DIR/backups/shop-<time>.dump)\n');
    process.exit(2);
  }
  const pgDump = findPostgresProgram('pg_dump');
  const pgRestore = findPostgresProgram('pg_restore');
  if (!pgDump || !pgRestore) {
    process.stderr.write(`backup: ${missingProgram(pgDump ? 'pg_restore' : 'pg_dump')}\n`);
    process.exit(2);
  }
  const target = resolve(given ?? join(env.DATA_DIR, 'backups', `shop-${fileTimestamp()}.dump`));
  if (existsSync(target)) {
    process.stderr.write(`${target} exists already: a backup never overwrites a file.\n`);
    process.exit(1);
  }
  const where = describeDatabase(url);
  let client;
  try {
    client = await connectOnce(url);
  } catch (e) {
    process.stderr.write(`backup: cannot connect to ${where} (DATABASE_URL): ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  mkdirSync(dirname(target), { recursive: true });
  const partial = join(dirname(target), `.${basename(target)}.partial`);
  removeQuietly(partial);

  // pg_dump joins this transaction's snapshot: the head read here is the copy's head.
  let head: Awaited<ReturnType<typeof readHead>>;
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id ?? '';
    head = await readHead(client);
    if (!head) {
      process.stderr.write(`No shop database at ${where} (setting DATABASE_URL): the shop creates its tables at its first start.\n`);
      process.exit(2);
    }
    await runPostgresProgram(pgDump, url, ['--format=custom', '--schema=public', '--schema=drizzle', `--snapshot=${snapshot}`, `--file=${partial}`]);
    await client.query('commit');
  } catch (e) {
    removeQuietly(partial);
    process.stderr.write(`backup: could not copy ${where}: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }

  fsyncPath(partial);
  try {
    const contents = await listArchive(pgRestore, partial);
    if (!/TABLE DATA public order_events /.test(contents)) throw new Error('the archive holds no order log');
  } catch (e) {
    removeQuietly(partial);
    process.stderr.write(`backup: the copy is not sound (${e instanceof Error ? e.message : String(e)}); nothing was kept.\n`);
    process.exit(1);
  }
  renameSync(partial, target);
  fsyncPath(dirname(target));

  const database = postgresDatabase(openPostgres(url, { max: 2 }));
  let audit: string;
  let verified: boolean;
  let missing: string[] = [];
  try {
    // An empty log has no event to expect; otherwise the database's chain must hold the copy's head.
    const expectHead = head.eventCount > 0 ? { hash: head.lastHash, count: head.eventCount } : null;
    const report = await auditOrderLog(database, env.AUDIT_KEY, expectHead);
    verified = report.verified;
    audit = report.verified ? `ok, ${report.eventCount} events of ${report.orderCount} orders` : `FAILED at ${describeAuditProblem(report.problem)}`;
    missing = await orderLogProtections.missing(database);
  } catch (e) {
    verified = false;
    audit = `not run: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    await database.close();
  }

  const images = copyMissingUploads(join(env.DATA_DIR, 'uploads'), uploadsOf(target));
  const uploads = images || existsSync(uploadsOf(target)) ? `, ${images} images in ${uploadsOf(target)}` : '';
  if (verified && !missing.length) {
    const kept = await witnessBackup(env, target, head);
    process.stdout.write(`backup: ${target} (pg_dump of ${where}; archive ok; audit ${audit}; ${describeHead(head)})${uploads}.\n${kept}`);
  } else if (verified) {
    process.stderr.write(
      `backup: ${target} kept${uploads} (audit ${audit}; ${describeHead(head)}), but the shop's protective triggers ${missing.join(', ')} are missing or altered: ` +
        'the log can be rewritten, and the server will refuse to start. See `npm run audit:verify -- --restore-triggers`.\n',
    );
    process.exitCode = 1;
  } else {
    // Kept all the same, as a SQLite copy is: it is still the data.
    process.stderr.write(`backup: ${target} kept${uploads}, but the order log does not verify (audit ${audit}; the copy records ${describeHead(head)})${audit.startsWith('FAILED') ? '; is AUDIT_KEY set as for the server?' : ''}\n`);
    process.exitCode = 1;
  }
}

/**
 * The copy's head beside it (shop-X.head) and appended to AUDIT_WITNESS_PATH when set (decision
 * 049): where a later rollback of the database cannot reach it. Returns the lines to print.
 */
async function witnessBackup(env: Env, target: string, head: { eventCount: number; lastHash: string } | null | undefined): Promise<string> {
  if (!head) return '';
  const beside = headFileOf(target);
  writeWitnessFileSync(beside, head);
  let lines = `backup: its head is kept beside it in ${beside}.\n`;
  if (env.AUDIT_WITNESS_PATH) {
    const path = resolve(env.AUDIT_WITNESS_PATH);
    if (isInside(path, env.DATA_DIR)) {
      lines += `backup: AUDIT_WITNESS_PATH (${path}) is inside DATA_DIR, so the head was not appended to it (the shop refuses to start so).\n`;
    } else {
      await createHeadWitness(path).record(head);
      lines += `backup: and appended to the witness ${path}.\n`;
    }
  }
  return lines;
}
