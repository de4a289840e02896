/**
 * What `npm run backup` and `npm run restore` share: durable file steps, the soundness check of a
 * SQLite database file, and copying the uploads folder.
 */
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { auditOrderLog, describeAuditProblem, describeHead, witnessProblemOn, type WitnessedHead } from '../modules/audit/index.js';
import { openSqliteDatabase } from '../platform/database.js';
import { missingTriggers } from '../platform/sqlite-triggers.js';
import { openDatabase } from '../platform/sqlite.js';

/** The head witness beside a backup (decision 049): shop-X.db (or .dump) -> shop-X.head, one `count:hash time` line. */
export const headFileOf = (backupFile: string) => `${backupFile.replace(/\.(db|dump)$/, '')}.head`;

/** 2026-11-21T15-00-57-123Z: sortable, and valid in a file name everywhere. */
export const fileTimestamp = (date = new Date()) => date.toISOString().replace(/[:.]/g, '-');

/** The uploads folder that belongs to a backup file: shop-X.db (or shop-X.dump, PostgreSQL's) -> shop-X.uploads */
export const uploadsOf = (backupFile: string) => `${backupFile.replace(/\.(db|dump)$/, '')}.uploads`;

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

/**
 * `head`: the order log's head as recorded (`head <count>:<hash>, keyed ...`), printed by backup
 * and restore so an auditor can keep it (decision 014). `missingTriggers`: protective triggers the
 * file lacks or has altered; such a file is not ok (the server would refuse to start on it).
 */
export type FileCheck = {
  ok: boolean;
  integrity: string;
  audit: string;
  head: string;
  missingTriggers: string[];
  /** The head as recorded (null when not read), for the witness beside a backup. */
  headRecord?: { eventCount: number; lastHash: string } | null;
  /** Why the file is behind the witness it was checked against (decision 049); null when it is not, or none was given. */
  behindWitness?: string | null;
};

/**
 * integrity_check, the order log (hash chain, head, key, listing table; streamed in constant
 * memory) and the protective triggers of a database file. A sound file is then opened as the
 * server opens it, so it is brought to the current schema first (a no-op for a copy of a migrated
 * shop; the restore of an older backup needs it).
 */
export async function checkShopFile(file: string, auditKey: string | undefined, witnessed: WitnessedHead | null = null): Promise<FileCheck> {
  const raw = openDatabase(file);
  let integrity: string;
  try {
    const rows = raw.sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>;
    integrity = rows.map((r) => r.integrity_check).join('; ');
  } finally {
    raw.close();
  }
  if (integrity !== 'ok') return { ok: false, integrity, audit: 'not checked', head: 'head not read', missingTriggers: [] };
  const database = openSqliteDatabase(file);
  try {
    const report = await auditOrderLog(database, auditKey);
    const head = describeHead(report.head);
    const missing = missingTriggers(database.handle.sqlite);
    const headRecord = report.head && { eventCount: report.head.eventCount, lastHash: report.head.lastHash };
    const behindWitness = witnessed ? await witnessProblemOn(database, witnessed) : null;
    if (!report.verified) return { ok: false, integrity, audit: `FAILED at ${describeAuditProblem(report.problem)}`, head, missingTriggers: missing, headRecord, behindWitness };
    return { ok: missing.length === 0, integrity, audit: `ok, ${report.eventCount} events of ${report.orderCount} orders`, head, missingTriggers: missing, headRecord, behindWitness };
  } finally {
    await database.close();
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
