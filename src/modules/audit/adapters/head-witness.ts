import { closeSync, existsSync, fsyncSync, openSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { open, rename, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ShopDatabase, Tx } from '../../../platform/database.js';
import type { Logger } from '../../../platform/logger.js';
import type { AfterCommit } from '../../ordering/index.js';
import { witnessProblem, type WitnessedHead } from '../verify-audit-log.js';
import type { LogReader } from './log-reader.js';
import { createPgLogReader } from './postgres/log-reader.js';
import { createSqliteLogReader } from './sqlite/log-reader.js';

// The log's head witness (issue 40, decision 049): the head (count:hash and a time), one line per
// commit group, appended to a file a rollback of the database cannot reach. The file is read as
// "the highest count it holds", so lines appended out of order by several processes (PostgreSQL:
// one log, several shops) or a torn last line after a crash change nothing.

/** `<count>:<hash> <ISO time>`: the count:hash is what `audit:verify --expect-head` takes too. */
export const witnessLine = (head: { eventCount: number; lastHash: string }, at: Date) => `${head.eventCount}:${head.lastHash} ${at.toISOString()}\n`;

const linePattern = /^(\d{1,15}):([0-9a-f]{64})(?: (\S+))?$/;

/** The highest head of a witness file's text (the last one of that count), or null when it holds none. */
export function parseWitness(text: string): (WitnessedHead & { line: string }) | null {
  let best: (WitnessedHead & { line: string }) | null = null;
  for (const line of text.split('\n')) {
    const m = linePattern.exec(line.trim());
    if (!m?.[1] || !m[2]) continue; // a torn line (a crash mid-write) or anything else: not a head
    const eventCount = Number(m[1]);
    if (!best || eventCount >= best.eventCount) best = { eventCount, lastHash: m[2], at: m[3] ?? null, line: line.trim() };
  }
  return best;
}

/** The witness at `path`: null when there is no file yet (or it holds no head). Throws when it cannot be read. */
export function readWitnessFile(path: string): WitnessedHead | null {
  if (!existsSync(path)) return null;
  const found = parseWitness(readFileSync(path, 'utf8'));
  return found && { eventCount: found.eventCount, lastHash: found.lastHash, at: found.at };
}

/** Writes a witness file of one line durably, in place of whatever was there (a backup's, a restore's fresh start). */
export function writeWitnessFileSync(path: string, head: { eventCount: number; lastHash: string }, at = new Date()): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.new`);
  writeFileSync(temp, witnessLine(head, at));
  fsyncFile(temp);
  renameSync(temp, path);
  fsyncFile(dirname(path));
}

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The nearest existing folder's real path with the rest appended: symlinks resolved as far as the path exists. */
function realish(path: string): string {
  const full = resolve(path);
  if (existsSync(full)) return realpathSync(full);
  const parent = dirname(full);
  return parent === full ? full : join(realish(parent), basename(full));
}

/** True when `path` is DATA_DIR or inside it (symlinks resolved): a rollback of DATA_DIR would take the witness along. */
export function isInside(path: string, dataDir: string): boolean {
  const rel = relative(realish(dataDir), realish(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export type HeadWitness = {
  readonly path: string;
  /** The highest head the file holds (null: none yet). */
  read(): WitnessedHead | null;
  /**
   * Appends `head` durably (write + fdatasync) unless a head at least as far was written already.
   * Heads asked for while a write is under way are written together, once, after it (the newest
   * wins): one fsync serves every batch that committed meanwhile.
   */
  record(head: { eventCount: number; lastHash: string }): Promise<void>;
  /** Appends and compactions so far (figures for tests and the desk). */
  stats(): { appends: number; compactions: number };
};

/**
 * The witness file's writer. Each append opens the file with O_APPEND and writes one whole line
 * in one write, then fdatasyncs; several processes may append to one file. Past `maxBytes` the
 * file is compacted: a new file holding its highest line is written beside it and renamed over
 * it. Another process's line appended to the old file meanwhile is not lost: the compactor copies
 * what the old file gained after its read, and a writer that finds the name moved to another file
 * after its write writes its line again. Two compactions at the same moment (two processes past
 * the cap together) may drop a line written between them: the witness then lags one batch until
 * the next append, and is never ahead of the database (it only ever holds heads that committed).
 */
export function createHeadWitness(path: string, options: { maxBytes?: number; now?: () => Date } = {}): HeadWitness {
  const maxBytes = Math.max(256, options.maxBytes ?? 1024 * 1024);
  const now = options.now ?? (() => new Date());
  let written = -1; // the highest count this process wrote
  let pending: { head: { eventCount: number; lastHash: string }; waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> } | null = null;
  let busy = false;
  let appends = 0;
  let compactions = 0;

  // The file and its folder exist (and the folder entry is durable) before the first order: a
  // witness that cannot be written refuses the start, not an order.
  if (!existsSync(path)) {
    closeSync(openSync(path, 'a'));
    fsyncFile(dirname(path));
  }

  async function append(line: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const file = await open(path, 'a');
      let size: number;
      try {
        await file.write(line);
        await file.datasync();
        const [mine, named] = await Promise.all([file.stat(), stat(path).catch(() => null)]);
        if (named && named.ino === mine.ino && named.dev === mine.dev) {
          appends++;
          size = mine.size;
        } else continue; // compacted by another process between our open and now: write it again
      } finally {
        await file.close();
      }
      if (size > maxBytes) await compact();
      return;
    }
    throw new Error(`the witness file ${path} keeps being replaced while written`);
  }

  async function compact(): Promise<void> {
    const old = await open(path, 'r');
    try {
      const text = (await old.readFile()).toString('utf8');
      const best = parseWitness(text);
      if (!best) return;
      const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomUUID().slice(0, 8)}.compact`);
      await writeFile(temp, `${best.line}\n`);
      const t = await open(temp, 'r');
      await t.sync().finally(() => t.close());
      await rename(temp, path);
      const folder = await open(dirname(path), 'r');
      await folder.sync().finally(() => folder.close());
      compactions++;
      // Lines another process appended to the old file between our read and the rename.
      const { size } = await old.stat();
      const read = Buffer.byteLength(text);
      if (size > read) {
        const tail = Buffer.alloc(size - read);
        await old.read(tail, 0, tail.length, read);
        const later = parseWitness(tail.toString('utf8'));
        if (later && later.eventCount > best.eventCount) await append(`${later.line}\n`);
      }
    } finally {
      await old.close();
    }
  }

  async function pump(): Promise<void> {
    if (busy || !pending) return;
    busy = true;
    const job = pending;
    pending = null;
    try {
      if (job.head.eventCount > written) {
        await append(witnessLine(job.head, now()));
        written = Math.max(written, job.head.eventCount);
      }
      for (const w of job.waiters) w.resolve();
    } catch (e) {
      for (const w of job.waiters) w.reject(e);
    } finally {
      busy = false;
      void pump();
    }
  }

  return {
    path,
    read: () => readWitnessFile(path),
    record(head) {
      if (head.eventCount <= written && !pending) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        if (!pending) pending = { head, waiters: [] };
        else if (head.eventCount > pending.head.eventCount) pending.head = head;
        pending.waiters.push({ resolve, reject });
        void pump();
      });
    },
    stats: () => ({ appends, compactions }),
  };
}

/** The head row inside an ordering transaction (after its appends): what the witness records once it commits. */
export function headInTransaction(database: ShopDatabase): (tx: Tx) => Promise<{ eventCount: number; lastHash: string } | null> {
  if (database.engine === 'sqlite') {
    const read = database.handle.sqlite.prepare<[]>('select event_count as eventCount, last_hash as lastHash from order_log_head where id = 1');
    return async () => (read.get() as { eventCount: number; lastHash: string } | undefined) ?? null;
  }
  return async (tx) => {
    if (tx.engine !== 'postgres') throw new Error('a SQLite transaction was given to PostgreSQL');
    return createPgLogReader(tx.db).head();
  };
}

/** The database against a witness, in O(1): its head and the hash of the witnessed event. Null when it is at or past the witness. */
export async function witnessProblemOn(database: ShopDatabase, witnessed: WitnessedHead): Promise<string | null> {
  const check = async (reader: LogReader) => {
    const head = await reader.head();
    if (!head) return "the database has no order log head (order_log_head)";
    const hash = witnessed.eventCount > 0 && head.eventCount >= witnessed.eventCount ? await reader.hashOf(witnessed.eventCount) : null;
    return witnessProblem(witnessed, head, hash);
  };
  if (database.engine === 'sqlite') return check(createSqliteLogReader(database.handle.sqlite));
  return database.handle.db.transaction((tx) => check(createPgLogReader(tx)), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * What an ordering transaction leaves for after its COMMIT: the head it ended with, appended
 * durably to the witness. A witness that cannot be written (a full or unmounted disk) does not undo
 * what was committed nor hold the shop: the answer goes out and the log says loudly, at most once
 * a minute, that the witness lags.
 */
export function witnessAfterCommit(witness: HeadWitness, database: ShopDatabase, logger: Logger): AfterCommit {
  const headIn = headInTransaction(database);
  let lastComplaint = 0;
  return async (tx: Tx) => {
    const head = await headIn(tx);
    if (!head) return null;
    return () =>
      witness.record(head).catch((error: unknown) => {
        if (Date.now() - lastComplaint < 60_000) return;
        lastComplaint = Date.now();
        logger.error('the head witness could not be written: orders are taken, but a rollback of the database past them would not be seen', { path: witness.path, error });
      });
  };
}
