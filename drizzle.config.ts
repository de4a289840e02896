import { defineConfig } from 'drizzle-kit';

// Migrations are generated into migrations/sqlite/ and committed; the server applies them at
// start. `drizzle-kit push` is never used. PostgreSQL's come from drizzle.postgres.config.ts.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/modules/*/adapters/schema.ts',
  out: './migrations/sqlite',
  dbCredentials: { url: './data/shop.db' },
  strict: true,
});
