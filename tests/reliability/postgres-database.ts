/**
 * For the reliability rounds that start the built server (crash, abuse) under
 * vitest.postgres.config.ts: a fresh database copied from the migrated template of
 * tests/support/postgres-global-setup.ts, as the superuser (the integrity check needs amcheck).
 * On SQLite (SHOP_TEST_ENGINE unset) there is none, and the server keeps its DATA_DIR file.
 */
import pg from 'pg';
import { testEngine } from '../support/test-app.js';

export type ServerDatabase = { url: string; drop(): Promise<void> };

let made = 0;

export async function serverDatabase(): Promise<ServerDatabase | null> {
  if (testEngine !== 'postgres') return null;
  const { inject } = await import('vitest');
  const adminUrl = inject('postgresAdminUrl');
  const name = `shop_server_${process.pid}_${++made}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name} template ${inject('postgresTemplate')}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
