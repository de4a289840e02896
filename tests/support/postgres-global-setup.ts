/**
 * vitest's global setup when the suites run against PostgreSQL (SHOP_TEST_ENGINE=postgres, see
 * vitest.postgres.config.ts): one throwaway cluster for the whole run, and a database migrated once
 * that every test shop copies (CREATE DATABASE ... TEMPLATE: tens of milliseconds, not a migration).
 */
import type { TestProject } from 'vitest/node';
import { openPostgres, runPostgresMigrations } from '../../src/platform/postgres.js';
import { startPostgres } from './postgres.js';

export const templateDatabase = 'shop_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgres({ fsync: false, maxConnections: 200 });
  const url = await cluster.createDatabase({ name: templateDatabase });
  const handle = openPostgres(url, { max: 1 });
  try {
    await runPostgresMigrations(handle);
  } finally {
    await handle.close();
  }
  project.provide('postgresAdminUrl', cluster.urlOf('postgres'));
  project.provide('postgresTemplate', templateDatabase);
  return () => cluster.stop();
}
