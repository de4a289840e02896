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
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { loadEnv } from '../env.js';
import { openDatabase } from '../platform/sqlite.js';
import { checkShopFile, copyMissingUploads, fileTimestamp, fsyncPath, removeQuietly, uploadsOf } from './backup-files.js';

const env = loadEnv();
const source = join(env.DATA_DIR, 'shop.db');
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
const check = checkShopFile(partial, env.AUDIT_KEY);
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
  process.stdout.write(`backup: ${target} (integrity ok; audit ${check.audit}; ${check.head})${uploads}.\n`);
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
