/**
 * Change versions shared through the database (issue 14, decision 026): a writer on PostgreSQL
 * increments its data's row in the transaction of its write, and every process's change tag polls
 * the row, so a catalogue write in one process changes the ETags and empties the response cache
 * of the others within a second. A row lock rather than LISTEN/NOTIFY (decision 024).
 */
import { eq, sql } from 'drizzle-orm';
import type { PgQueryable, ShopDatabase, Tx } from './database.js';
import { createChangeTag, createSharedChangeTag, type ChangeTag } from './http/change-tag.js';
import { changeVersions } from './pg-schema.js';

/** The version of `name` (0 before its first write). */
export async function readChangeVersion(db: PgQueryable, name: string): Promise<number> {
  const [row] = await db.select({ version: changeVersions.version }).from(changeVersions).where(eq(changeVersions.name, name));
  return row?.version ?? 0;
}

/**
 * Moves `name` to a new version; call it inside the write's transaction (`tx.db`), so the version
 * and the data commit together and another process that reads the new version reads the new data.
 * The row stays locked until then: writes of one `name` commit one after another.
 *
 * The new version is at least the database's clock in milliseconds, not just one more: a database
 * restored from a backup goes back to an older version, and the next write must not reuse a
 * version (an ETag) that some browser already holds for other data.
 */
export async function incrementChangeVersion(db: PgQueryable, name: string): Promise<number> {
  const now = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
  const [row] = await db
    .insert(changeVersions)
    .values({ name, version: now })
    .onConflictDoUpdate({ target: changeVersions.name, set: { version: sql`greatest(${changeVersions.version} + 1, excluded.version)` } })
    .returning({ version: changeVersions.version });
  if (!row) throw new Error(`change version ${name} was not written`);
  return row.version;
}

/**
 * For engine-neutral use cases: records a change of `name` in the write's transaction on
 * PostgreSQL (incrementChangeVersion); nothing on SQLite, whose one process only needs `bump()`.
 */
export async function recordChangeIn(tx: Tx, name: string): Promise<number | undefined> {
  return tx.engine === 'postgres' ? incrementChangeVersion(tx.db, name) : undefined;
}

/**
 * The change tag of `name` for this database: the per-process counter on SQLite (one process), the
 * polled shared version on PostgreSQL (whose writers must call incrementChangeVersion in their
 * transactions). Call `stop()` when the shop closes.
 */
export function changeTagFor(database: ShopDatabase, name: string, options: { pollMs?: number; onError?: (e: unknown) => void } = {}): ChangeTag {
  if (database.engine === 'sqlite') return createChangeTag();
  const db = database.handle.db;
  return createSharedChangeTag({ read: () => readChangeVersion(db, name), ...options });
}

/**
 * A module's writes that move its change tag: each runs in one transaction that also records the
 * change (PostgreSQL's version row, so the other processes see it within their poll), and the tag
 * of this process moves once the transaction committed. A refused write (`ok: false`) records nothing.
 */
export function recordedWrites<S>(database: ShopDatabase, name: string, tag: ChangeTag, storesIn: (tx: Tx) => S) {
  return async <R extends { ok: boolean }>(work: (stores: S) => Promise<R>): Promise<R> => {
    let version: number | undefined;
    const result = await database.transaction(async (tx) => {
      const done = await work(storesIn(tx));
      if (done.ok) version = await recordChangeIn(tx, name);
      return done;
    });
    if (result.ok) tag.bump(version);
    return result;
  };
}
