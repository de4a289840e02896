/**
 * What `npm run backup` and `npm run restore` share: durable file steps, the soundness check of a
 * database file, and copying the uploads folder.
 */
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { auditOrderLog } from '../modules/ordering/index.js';
import { openDatabase, runMigrations } from '../platform/sqlite.js';

/** 2026-11-21T15-00-57-123Z: sortable, and valid in a file name everywhere. */
export const fileTimestamp = (date = new Date()) => date.toISOString().replace(/[:.]/g, '-');

/** The uploads folder that belongs to a backup file: shop-X.db -> shop-X.uploads */
export const uploadsOf = (backupFile: string) => `${backupFile.replace(/\.db$/, '')}.uploads`;

export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Copies to a temporary name, fsyncs, then renames: `to` only ever holds a complete copy. */
export function copyDurably(from: string, to: string, dir: string | null): void {
  const temp = `${to}.partial`;
  copyFileSync(from, temp);
  fsyncPath(temp);
  renameSync(temp, to);
  if (dir) fsyncPath(dir);
}

export type FileCheck = { ok: boolean; integrity: string; audit: string };

/**
 * integrity_check and the order log's hash chain of a database file. With `migrate`, the file is
 * first brought to the current schema (as the server would do at start).
 */
export function checkShopFile(file: string, auditKey: string | undefined, migrate = false): FileCheck {
  const database = openDatabase(file);
  try {
    const rows = database.sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const integrity = rows.map((r) => r.integrity_check).join('; ');
    if (integrity !== 'ok') return { ok: false, integrity, audit: 'not checked' };
    if (migrate) runMigrations(database);
    const report = auditOrderLog(database.db, auditKey);
    if (!report.verified) {
      const p = report.problem;
      return { ok: false, integrity, audit: `FAILED at ${p?.eventId ? `event ${p.eventId}` : `order ${p?.orderId}`}: ${p?.reason}` };
    }
    return { ok: true, integrity, audit: `ok, ${report.eventCount} events of ${report.orderCount} orders` };
  } finally {
    database.close();
  }
}

/**
 * Copies the image files of `from` that `to` lacks. Images are content-addressed and never
 * changed or deleted, so an existing name is the same picture and is left alone; temporary
 * (dot) files of an upload in progress are skipped. Returns how many files were copied.
 */
export function copyMissingUploads(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  mkdirSync(to, { recursive: true });
  let copied = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const target = join(to, entry.name);
    if (existsSync(target)) continue;
    copyDurably(join(from, entry.name), target, null);
    copied++;
  }
  fsyncPath(to);
  return copied;
}

export function removeQuietly(...paths: string[]): void {
  for (const path of paths) rmSync(path, { recursive: true, force: true });
}
