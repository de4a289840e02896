import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type SiteConfig } from '../../src/app.js';
import { createCatalogueModule } from '../../src/modules/catalogue/index.js';
import { createMemoryLogger } from '../../src/platform/logger.js';
import { checkDatabase, openDatabase, runMigrations } from '../../src/platform/sqlite.js';
import { fixedClock } from '../../src/shared/clock.js';
import { newId } from '../../src/shared/ids.js';

export const testSite: SiteConfig = {
  shopName: 'Test Shop',
  contact: { phone: '+880 1711-111111', email: 'help@test.example' },
  social: { facebook: 'https://facebook.test/', instagram: 'https://instagram.test/', youtube: 'https://youtube.test/' },
};

/**
 * A real app over a real SQLite file with the real migrations, in a fresh temporary folder,
 * wired like main.ts (demo data on unless told otherwise).
 */
export function createTestApp(options: { demo?: boolean; webDistDir?: string; bodyLimitBytes?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const database = openDatabase(join(dir, 'shop.db'));
  runMigrations(database);
  const logger = createMemoryLogger();
  const catalogue = createCatalogueModule({ db: database.db, clock: fixedClock('2026-01-01T00:00:00Z'), newId });
  if (options.demo ?? true) catalogue.seedDemo();
  const app = createApp({
    logger,
    site: testSite,
    routers: [catalogue.routes],
    checkDatabase: () => checkDatabase(database.sqlite),
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  return {
    app,
    database,
    logger,
    catalogue,
    dir,
    close() {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApp = ReturnType<typeof createTestApp>;
