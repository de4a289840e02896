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
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadEnv } from '../env.js';
import { checkShopFile, copyDurably, type FileCheck, copyMissingUploads, fileTimestamp, fsyncPath, removeQuietly, uploadsOf } from './backup-files.js';

const env = loadEnv();
const [given] = process.argv.slice(2);
if (!given) {
  process.stderr.write('usage: npm run restore <backup.db>   (the server must be stopped)\n');
  process.exit(2);
}
const backup = resolve(given);
if (!existsSync(backup) || !statSync(backup).isFile()) {
  process.stderr.write(`restore: no backup file at ${backup}\n`);
  process.exit(2);
}
const dataDir = resolve(env.DATA_DIR);
const current = join(dataDir, 'shop.db');
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
let check: FileCheck;
try {
  copyDurably(backup, staging, dataDir);
  check = checkShopFile(staging, env.AUDIT_KEY, true);
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
process.stdout.write(
  [
    `restore: ${current} now holds the backup${images ? `; ${images} images copied into ${join(dataDir, 'uploads')}` : ''}.`,
    aside ? `restore: the replaced database is kept in ${aside}.` : '',
    leftovers.length ? `restore: unfinished staging files from earlier runs can be removed: ${leftovers.join(', ')}` : '',
    'restore: start the shop now.',
  ]
    .filter(Boolean)
    .join('\n') + '\n',
);
