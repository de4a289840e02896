import { defineConfig } from 'drizzle-kit';

// Migrations are generated into migrations/sqlite/ and committed; the server applies them at
// start. `drizzle-kit push` is never used. PostgreSQL's come from drizzle.postgres.config.ts.
// Each module's SQLite tables are in adapters/sqlite/schema.ts (decisions 050, 051).
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/modules/*/adapters/sqlite/schema.ts',
  out: './migrations/sqlite',
  dbCredentials: { url: './data/shop.db' },
  strict: true,
});
