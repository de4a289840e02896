import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { ShopDatabase } from './database.js';
import { migrationsDir, postgresMigrationsDir } from './paths.js';

/**
 * Whether the shop may take traffic (GET /readyz, issue 38): each check answers null when it holds,
 * else why not, within `timeoutMs` (a database that hangs is a database that is gone).
 */
export type ReadinessCheck = { name: string; check: () => Promise<string | null> };
export type Readiness = { ready: boolean; checks: Record<string, { ok: true } | { ok: false; reason: string }> };

export async function readinessOf(checks: readonly ReadinessCheck[], timeoutMs = 2_000): Promise<Readiness> {
  const outcomes = await Promise.all(
    checks.map(async ({ name, check }) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
        timer.unref();
      });
      try {
        return [name, await Promise.race([check(), late])] as const;
      } catch (e) {
        return [name, e instanceof Error ? e.message : String(e)] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const entries = outcomes.map(([name, reason]) => [name, reason === null ? { ok: true as const } : { ok: false as const, reason }] as const);
  return { ready: outcomes.every(([, reason]) => reason === null), checks: Object.fromEntries(entries) };
}

/**
 * The database's own checks: it answers, every migration of this build is applied (a shop whose
 * database another process moved back, or that an older image migrated, is not ready), and the
 * order log's head agrees with its last event (decision 014; O(1): the head row and the newest event).
 */
export function databaseChecks(database: ShopDatabase): ReadinessCheck[] {
  const folder = database.engine === 'sqlite' ? migrationsDir() : postgresMigrationsDir();
  // The build's newest migration, read once: the files do not change under a running shop.
  const newest = Math.max(0, ...readMigrationFiles({ migrationsFolder: folder }).map((m) => m.folderMillis));
  const one = async <T>(text: string): Promise<T | undefined> => {
    if (database.engine === 'sqlite') return database.handle.sqlite.prepare(text).get() as T | undefined;
    return (await database.handle.pool.query(text)).rows[0] as T | undefined;
  };
  const migrationsTable = database.engine === 'sqlite' ? '__drizzle_migrations' : 'drizzle.__drizzle_migrations';
  return [
    {
      name: 'database',
      check: async () => {
        const health = await database.check();
        return health.ok ? null : health.reason;
      },
    },
    {
      name: 'migrations',
      check: async () => {
        const applied = Number((await one<{ at: string | number | null }>(`select max(created_at) as at from ${migrationsTable}`))?.at ?? 0);
        return applied >= newest ? null : 'migrations of this build are not applied to the database';
      },
    },
    {
      name: 'orderLog',
      check: async () => {
        const head = await one<{ event_count: number | string; last_id: number | string; last_hash: string }>('select event_count, last_id, last_hash from order_log_head where id = 1');
        const last = await one<{ id: number | string; hash: string }>('select id, hash from order_events order by id desc limit 1');
        if (!head) return 'the order log has no head';
        const lastId = last ? Number(last.id) : 0;
        if (lastId !== Number(head.last_id) || Number(head.event_count) !== Number(head.last_id)) return `the order log's head (event ${head.last_id}) disagrees with its last event (${lastId})`;
        if (last && last.hash !== head.last_hash) return "the order log's last event is not the one its head records";
        return null;
      },
    },
  ];
}
