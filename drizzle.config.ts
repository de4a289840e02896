import { defineConfig } from 'drizzle-kit';

// Migrations are generated into migrations/sqlite/ and committed; the server applies them at
// start. `drizzle-kit push` is never used. PostgreSQL's come from drizzle.postgres.config.ts.
export default defineConfig({
  dialect: 'sqlite',
  // Both layouts while the modules move to adapters/sqlite/ (decision 050).
  schema: ['./src/modules/*/adapters/schema.ts', './src/modules/*/adapters/sqlite/schema.ts'],
  out: './migrations/sqlite',
  dbCredentials: { url: './data/shop.db' },
  strict: true,
});
