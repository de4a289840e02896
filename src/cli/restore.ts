/**
 * `npm run restore <file>`: puts a backup back as the shop's database. The server must be stopped.
 *
 * 1. The backup is copied to a staging file in DATA_DIR, brought to the current schema and
 *    checked (integrity_check, the order log's hash chain and head, and its protective triggers:
 *    a copy without them is refused, decision 014). A bad backup changes nothing.
 * 2. The current database is locked exclusively: if any process has it open (a running server),
 *    SQLite refuses the lock and so does the restore. Under the lock its WAL is checkpointed
 *    into the file, so the file alone holds every committed order.
 * 3. The current file (with any -wal/-shm) is moved to DATA_DIR/backups/replaced-<time>/, never
 *    deleted, and the staging file takes its name. Images of the backup's .uploads folder that
 *    DATA_DIR/uploads lacks are copied in (none are removed).
 *
 * With DATABASE_URL (PostgreSQL, issue 14) the backup is a pg_dump archive (`npm run backup` makes
 * it), restored by pg_restore. The rules are the same where they fit: no shop process may be
 * connected (their connections are named; see postgres-tools.ts); the archive is read whole
 * (pg_restore --list) before anything changes; the database's current contents are kept aside, as
 * DATA_DIR/backups/replaced-<time>.dump, never dropped unsaved; pg_restore then replaces the shop's
 * tables in ONE transaction (the database holds the backup or, on any error, what it held); the
 * result is migrated and its order log audited. Unlike SQLite's staged copy, the audit runs after
 * the swap (PostgreSQL cannot check a database it has not restored): a failure says so, and the
 * replaced archive puts the previous contents back. What is restored belongs to the role restoring
 * it (run it as the tables' owner, decision 022's shop_owner); grants are restored as dumped, so
 * the roles they name must exist.
 *
 * The witness (decision 049): a backup behind AUDIT_WITNESS_PATH's head rolls acknowledged orders
 * back, and is refused unless `--accept-rollback` is given; then the witness file is moved aside
 * (<path>.rolled-back-<time>) and started again at the backup's head, so the shop starts on it.
 * On SQLite the staged copy is compared before anything changes; on PostgreSQL the backup's .head
 * file (written beside it by `npm run backup`) is compared first, and the restored database after.
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv, type Env } from '../env.js';
import { auditOrderLog, describeAuditProblem, describeHead, orderLogProtections, readWitnessFile, witnessProblem, witnessProblemOn, writeWitnessFileSync, type WitnessedHead } from '../modules/audit/index.js';
import { openPostgresDatabase, sqliteFileIn } from '../platform/database.js';
import { expectedProtections } from '../platform/postgres-triggers.js';
import { checkShopFile, copyDurably, type FileCheck, copyMissingUploads, fileTimestamp, fsyncPath, headFileOf, removeQuietly, uploadsOf } from './backup-files.js';
import { connectOnce, describeDatabase, findPostgresProgram, listArchive, missingProgram, runPostgresProgram, shopConnections } from './postgres-tools.js';

const env = loadEnv();
const usage = `usage: npm run restore -- <backup.${env.DATABASE_URL ? 'dump' : 'db'}> [--accept-rollback]   (the server must be stopped)\n`;
let args: ReturnType<typeof parseRestoreArgs>;
try {
  args = parseRestoreArgs();
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
  process.exit(2);
}
const [given] = args.positionals;
if (!given || args.positionals.length > 1) {
  process.stderr.write(usage);
  process.exit(2);
}
const acceptRollback = args.values['accept-rollback'] === true;
function parseRestoreArgs() {
  return parseArgs({ options: { 'accept-rollback': { type: 'boolean' } }, allowPositionals: true, strict: true });
}

/** AUDIT_WITNESS_PATH's head (decision 049), or null; an unreadable witness refuses the restore. */
function witnessOf(env: Env): { path: string; head: WitnessedHead } | null {
  if (!env.AUDIT_WITNESS_PATH) return null;
  const path = resolve(env.AUDIT_WITNESS_PATH);
  try {
    const head = readWitnessFile(path);
    return head && { path, head };
  } catch (e) {
    process.stderr.write(`restore: cannot read the witness ${path} (AUDIT_WITNESS_PATH): ${e instanceof Error ? e.message : String(e)}. Nothing was changed.\n`);
    process.exit(1);
  }
}

const rollbackAdvice = (path: string) =>
  `Restoring it loses the orders after its head: if they are lost anyway (the current database is damaged or gone), or you have kept what you need, run again with --accept-rollback; the witness ${path} is then moved aside and starts again at the backup's head. Otherwise restore a backup at or past the witness.`;

/** After an accepted rollback: the witness moved aside (kept, never deleted) and started again at the restored head. */
function restartWitness(witness: { path: string }, head: { eventCount: number; lastHash: string }): string {
  const aside = `${witness.path}.rolled-back-${fileTimestamp()}`;
  renameSync(witness.path, aside);
  writeWitnessFileSync(witness.path, head);
  return `restore: the rollback was accepted: the witness was moved to ${aside} and ${witness.path} starts again at ${head.eventCount}:${head.lastHash}.`;
}
const backup = resolve(given);
if (!existsSync(backup) || !statSync(backup).isFile()) {
  process.stderr.write(`restore: no backup file at ${backup}\n`);
  process.exit(2);
}
const kind = backupKind(backup);
if (env.DATABASE_URL && kind === 'sqlite') {
  process.stderr.write(`restore: ${backup} is a SQLite backup, and DATABASE_URL is set: \`npm run move-to-postgres -- <file.db>\` copies a SQLite shop into an empty PostgreSQL database.\n`);
  process.exit(2);
}
if (!env.DATABASE_URL && kind === 'postgres') {
  process.stderr.write(`restore: ${backup} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database it goes into.\n`);
  process.exit(2);
}
if (env.DATABASE_URL) await restorePostgres(env, env.DATABASE_URL, backup);
else await restoreSqlite(env, backup);

/** By the file's first bytes: a pg_dump custom archive starts with PGDMP, a SQLite file with its header. */
function backupKind(file: string): 'postgres' | 'sqlite' | 'unknown' {
  const fd = openSync(file, 'r');
  try {
    const start = Buffer.alloc(16);
    const read = readSync(fd, start, 0, 16, 0);
    const text = start.subarray(0, read).toString('latin1');
    return text.startsWith('PGDMP') ? 'postgres' : text === 'SQLite format 3\0' ? 'sqlite' : 'unknown';
  } finally {
    closeSync(fd);
  }
}
async function restoreSqlite(env: Env, backup: string): Promise<void> {
  const dataDir = resolve(env.DATA_DIR);
  const current = sqliteFileIn(dataDir);
  const sidecars = (file: string) => [`${file}-wal`, `${file}-shm`];

  /** The staging copy of the backup, while it exists under its temporary name. */
  let staging: string | null = null;

  function refuse(message: string): never {
    if (staging) removeQuietly(staging, ...sidecars(staging));
    process.stderr.write(`restore: ${message}\n`);
    process.exit(1);
  }

  type Lock = { kind: 'none' } | { kind: 'held'; db: Database.Database } | { kind: 'unreadable'; reason: string };

  /**
   * An exclusive lock on the current database, or a refusal when another process has it open.
   * Every connection to a WAL database holds a shared lock on it while it is open, so a server
   * that is merely idle is still seen.
   */
  function lockCurrent(): Lock {
    if (!existsSync(current)) return { kind: 'none' };
    const db = new Database(current, { timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('begin exclusive');
      db.exec('commit');
      return { kind: 'held', db };
    } catch (e) {
      db.close();
      if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
        refuse(`${current} is in use by another process (is the server running?). Stop the shop first, then restore.`);
      }
      return { kind: 'unreadable', reason: e instanceof Error ? e.message : String(e) };
    }
  }

  // A first look before the work, so a running server is reported at once.
  const first = lockCurrent();
  if (first.kind === 'held') first.db.close();

  // 1. Stage and check the backup.
  mkdirSync(dataDir, { recursive: true });
  staging = join(dataDir, `.shop.db.restoring-${fileTimestamp()}`);
  const witness = witnessOf(env);
  let check: FileCheck;
  try {
    copyDurably(backup, staging, dataDir);
    check = await checkShopFile(staging, env.AUDIT_KEY, witness?.head ?? null);
  } catch (e) {
    refuse(`could not check ${backup}: ${e instanceof Error ? e.message : String(e)}. Nothing was changed.`);
  }
  if (check.missingTriggers.length && !check.audit.startsWith('FAILED') && check.integrity === 'ok') {
    // Refused, not repaired (decision 014): `npm run backup` keeps the triggers, so a copy without
    // them was changed outside the shop. Its log may verify and still be cut short (head and all);
    // only a head kept elsewhere tells, and putting the protections back is the operator's call.
    refuse(
      `${backup} lacks the shop's protective triggers (${check.missingTriggers.join(', ')}): it was changed outside the shop. Nothing was changed. ` +
        `It records ${check.head}. If you trust it, copy it as shop.db into an empty folder, run ` +
        '`DATA_DIR=<that folder> npm run audit:verify -- --expect-head <a head you kept> --restore-triggers`, and restore that file.',
    );
  }
  if (!check.ok) refuse(`${backup} is not sound (integrity: ${check.integrity}; audit: ${check.audit}). Nothing was changed.`);
  if (witness && check.behindWitness && !acceptRollback) {
    refuse(`${backup} rolls the order log back past its witness ${witness.path}: ${check.behindWitness}. Nothing was changed. ${rollbackAdvice(witness.path)}`);
  }
  fsyncPath(staging);
  process.stdout.write(`restore: ${backup} checked: integrity ok, audit ${check.audit}; ${check.head}.\n`);

  // 2. Lock the current database and fold its WAL into it.
  const lock = lockCurrent();
  let aside: string | null = null;
  try {
    if (lock.kind === 'held') {
      const [result] = lock.db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
      if (result?.busy) refuse(`could not checkpoint ${current}; nothing was changed.`);
      lock.db.close();
    } else if (lock.kind === 'unreadable') {
      process.stderr.write(`restore: the current database cannot be read (${lock.reason}); it is moved aside as it is.\n`);
    }
    // 3. Keep the current files aside, then put the staged backup in place.
    if (lock.kind !== 'none') {
      aside = join(dataDir, 'backups', `replaced-${fileTimestamp()}`);
      mkdirSync(aside, { recursive: true });
      for (const file of [current, ...sidecars(current)]) {
        if (existsSync(file)) renameSync(file, join(aside, file.slice(dataDir.length + 1)));
      }
      fsyncPath(aside);
    }
    renameSync(staging, current);
    staging = null;
    fsyncPath(dataDir);
  } catch (e) {
    const kept = aside && !existsSync(current) ? ` The replaced database is in ${aside}: move it back to ${current}.` : '';
    refuse(`failed while swapping the files: ${e instanceof Error ? e.message : String(e)}.${kept}`);
  }

  const images = copyMissingUploads(uploadsOf(backup), join(dataDir, 'uploads'));
  const leftovers = readdirSync(dataDir).filter((f) => f.startsWith('.shop.db.restoring-'));
  const rolledBack = witness && check.behindWitness && check.headRecord ? restartWitness(witness, check.headRecord) : '';
  process.stdout.write(
    [
      `restore: ${current} now holds the backup${images ? `; ${images} images copied into ${join(dataDir, 'uploads')}` : ''}.`,
      aside ? `restore: the replaced database is kept in ${aside}.` : '',
      rolledBack,
      leftovers.length ? `restore: unfinished staging files from earlier runs can be removed: ${leftovers.join(', ')}` : '',
      'restore: start the shop now.',
    ]
      .filter(Boolean)
      .join('\n') + '\n',
  );
}

async function restorePostgres(env: Env, url: string, backup: string): Promise<void> {
  function refuse(message: string, code = 1): never {
    process.stderr.write(`restore: ${message}\n`);
    process.exit(code);
  }
  const pgDump = findPostgresProgram('pg_dump');
  const pgRestore = findPostgresProgram('pg_restore');
  if (!pgDump || !pgRestore) refuse(missingProgram(pgDump ? 'pg_restore' : 'pg_dump'), 2);
  const where = describeDatabase(url);
  // The backup's head as `npm run backup` kept it beside the archive: behind the witness, it is a rollback.
  const witness = witnessOf(env);
  const besideHead = existsSync(headFileOf(backup)) ? readWitnessFile(headFileOf(backup)) : null;
  if (witness && besideHead && besideHead.eventCount <= witness.head.eventCount && !acceptRollback) {
    const behind = witnessProblem(witness.head, besideHead, null);
    if (behind) refuse(`${backup} rolls the order log back past its witness ${witness.path} (its head, ${headFileOf(backup)}): ${behind}. Nothing was changed. ${rollbackAdvice(witness.path)}`);
  }

  // 1. Read the whole archive before anything changes.
  let contents: string;
  try {
    contents = await listArchive(pgRestore, backup);
  } catch (e) {
    refuse(`${backup} is not sound (${e instanceof Error ? e.message : String(e)}). Nothing was changed.`);
  }
  const backupTables = new Set([...contents.matchAll(/^\d+; \d+ \d+ TABLE public (\S+) /gm)].map((m) => m[1]));
  if (!backupTables.has('order_events') || !backupTables.has('order_log_head')) refuse(`${backup} is not a backup of the shop (it holds no order log). Nothing was changed.`);
  // Refused, not repaired (decision 014), as on SQLite: `npm run backup` keeps the triggers, so an
  // archive without them was made or changed outside the shop. Altered ones are caught after the restore.
  const archived = new Set([...contents.matchAll(/^\d+; \d+ \d+ TRIGGER public \S+ (\S+) /gm)].map((m) => m[1]));
  const absent = [...expectedProtections().triggers.keys()].filter((name) => !archived.has(name));
  if (absent.length) {
    refuse(
      `${backup} lacks the shop's protective triggers (${absent.join(', ')}): it was changed outside the shop. Nothing was changed. ` +
        'If you trust it, restore it into an empty database with `pg_restore`, run `npm run audit:verify -- --expect-head <a head you kept> --restore-triggers` there as the owner, and back that up.',
    );
  }

  // 2. Nobody may be using the database, and what it holds is kept aside first.
  let client: Awaited<ReturnType<typeof connectOnce>>;
  try {
    client = await connectOnce(url);
  } catch (e) {
    refuse(`cannot connect to ${where} (DATABASE_URL): ${e instanceof Error ? e.message : String(e)}`, 2);
  }
  let aside: string | null = null;
  try {
    const running = await shopConnections(client);
    if (running) refuse(`${where} is in use by ${running} connection(s) of a shop process (is the server running?). Stop the shop first, then restore.`);
    const present = (await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'")).rows.map((r) => r.name);
    // --clean drops what the archive holds; a table only the database has (a newer schema) would stay and block the migrations.
    const extra = present.filter((name) => !backupTables.has(name));
    if (extra.length) refuse(`${where} has tables the backup lacks (${extra.join(', ')}): it is from a newer version of the shop. Restore into an empty database. Nothing was changed.`);
    if (present.length) {
      aside = join(resolve(env.DATA_DIR), 'backups', `replaced-${fileTimestamp()}.dump`);
      mkdirSync(join(resolve(env.DATA_DIR), 'backups'), { recursive: true });
      try {
        await runPostgresProgram(pgDump, url, ['--format=custom', '--schema=public', '--schema=drizzle', `--file=${aside}.partial`]);
        fsyncPath(`${aside}.partial`);
        renameSync(`${aside}.partial`, aside);
      } catch (e) {
        removeQuietly(`${aside}.partial`);
        refuse(`could not keep the current contents of ${where} aside (${e instanceof Error ? e.message : String(e)}). Nothing was changed.`);
      }
    }

    // 3. Replace the shop's tables in one transaction. The schemas stay (public belongs to the
    // database's owner); their entries are left out of the list so pg_restore neither drops nor creates them.
    await client.query('create schema if not exists drizzle');
    // The dump holds the public schema, not the extensions its indexes use (pg_trgm: the orders'
    // phone index, migration 0014); the migration made it, so a new database gets it first.
    await client.query('create extension if not exists pg_trgm');
    const listFolder = mkdtempSync(join(tmpdir(), 'shop-restore-'));
    const list = join(listFolder, 'restore.list');
    writeFileSync(list, contents.split('\n').filter((line) => !/^\d+; \d+ \d+ (SCHEMA - (public|drizzle)|COMMENT - SCHEMA public) /.test(line)).join('\n'));
    try {
      await runPostgresProgram(pgRestore, url, ['--clean', '--if-exists', '--single-transaction', '--exit-on-error', '--no-owner', `--use-list=${list}`, backup]);
    } catch (e) {
      removeQuietly(listFolder);
      refuse(
        `pg_restore failed, so ${where} is as it was (one transaction): ${e instanceof Error ? e.message : String(e)}` +
          (/role .* does not exist/.test(String(e)) ? ' (create the roles the backup grants to first: decision 022)' : ''),
      );
    }
    removeQuietly(listFolder);
  } finally {
    await client.end().catch(() => {});
  }

  // 4. Bring it to the current schema, as the server would, and audit it.
  const keptAside = aside ? ` The replaced contents are kept in ${aside} (\`npm run restore -- ${aside}\` puts them back).` : '';
  let database: Awaited<ReturnType<typeof openPostgresDatabase>>;
  try {
    database = await openPostgresDatabase(url, { max: 2 });
  } catch (e) {
    refuse(`the restored database could not be migrated: ${e instanceof Error ? e.message : String(e)}.${keptAside}`);
  }
  try {
    const report = await auditOrderLog(database, env.AUDIT_KEY).catch((e: unknown) =>
      refuse(`${where} now holds ${backup}, but its order log could not be audited (${e instanceof Error ? e.message : String(e)}).${keptAside}`),
    );
    if (!report.verified) {
      refuse(`${where} now holds ${backup}, but its order log does not verify (audit: FAILED at ${describeAuditProblem(report.problem)}; ${describeHead(report.head)}); is AUDIT_KEY set as for the server?${keptAside}`);
    }
    const altered = await orderLogProtections.missing(database);
    if (altered.length) {
      refuse(
        `${where} now holds ${backup}, whose protective triggers ${altered.join(', ')} are altered: the log can be rewritten, and the server refuses to start. ` +
          `It records ${describeHead(report.head)}. If you trust it, run \`npm run audit:verify -- --expect-head <a head you kept> --restore-triggers\` as the owner.${keptAside}`,
      );
    }
    const behind = witness && (await witnessProblemOn(database, witness.head));
    if (behind && !acceptRollback) {
      refuse(`${where} now holds ${backup}, which rolls the order log back past its witness ${witness.path}: ${behind}; the shop will refuse to start on it.${keptAside} ${rollbackAdvice(witness.path)}`);
    }
    process.stdout.write(`restore: ${backup} restored into ${where}: audit ok, ${report.eventCount} events of ${report.orderCount} orders; ${describeHead(report.head)}.\n`);
    if (witness && behind && report.head) process.stdout.write(`${restartWitness(witness, report.head)}\n`);
  } finally {
    await database.close();
  }

  const images = copyMissingUploads(uploadsOf(backup), join(resolve(env.DATA_DIR), 'uploads'));
  process.stdout.write(
    [
      images ? `restore: ${images} images copied into ${join(resolve(env.DATA_DIR), 'uploads')}.` : '',
      aside ? `restore: the replaced contents are kept in ${aside}.` : '',
      'restore: start the shop now.',
    ]
      .filter(Boolean)
      .join('\n') + '\n',
  );
}
