import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { postgresMigrationsDir } from './paths.js';

export type PgDb = NodePgDatabase;
export type PostgresHandle = { pool: pg.Pool; db: PgDb; close(): Promise<void> };

/**
 * Opens a pool on DATABASE_URL (decision 022). Sessions run in UTC: Drizzle reads a timestamptz as
 * the text PostgreSQL prints, and the UTC form is the one Date parses alike everywhere.
 */
export function openPostgres(url: string, options: { max?: number } = {}): PostgresHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, options: '-c TimeZone=UTC', application_name: 'anime-card-shop' });
  // An idle connection the server dropped (a restart, a failover) is an 'error' event, which would
  // end the process unheard; the pool discards that connection and the next query opens another.
  pool.on('error', () => {});
  let closed: Promise<void> | undefined;
  return { pool, db: drizzle(pool), close: () => (closed ??= pool.end()) };
}

/** Session-level lock key: processes that start together apply the migrations one at a time. */
const migrationLock = 7_319_041_022;

/**
 * Applies the committed migrations of migrations/postgres (never `drizzle-kit push`), on one
 * connection that holds an advisory lock meanwhile: several shop processes starting at once against
 * one database would otherwise race to create the same tables. The migrator runs every pending
 * migration in one transaction. When none is pending it is not called at all, so a role that only
 * reads drizzle.__drizzle_migrations (decision 022: the app's role need not own the tables) starts.
 */
export async function runPostgresMigrations(handle: PostgresHandle, folder: string = postgresMigrationsDir()): Promise<void> {
  const newest = Math.max(0, ...readMigrationFiles({ migrationsFolder: folder }).map((m) => m.folderMillis));
  const client = await handle.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    try {
      if ((await lastApplied(client)) < newest) await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLock]);
    }
  } catch (e) {
    broken = e instanceof Error ? e : new Error(String(e));
    throw e;
  } finally {
    // A connection that failed mid-way may still hold the lock or a transaction: close it.
    client.release(broken);
  }
}

/** The newest applied migration's journal time, as Drizzle's migrator compares it; 0 on a new database. */
async function lastApplied(client: pg.PoolClient): Promise<number> {
  const table = await client.query<{ exists: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as exists");
  if (!table.rows[0]?.exists) return 0;
  const last = await client.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations');
  return Number(last.rows[0]?.at ?? 0);
}
