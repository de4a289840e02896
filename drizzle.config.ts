import { defineConfig } from 'drizzle-kit';

// Migrations are generated into migrations/sqlite/ and committed; the server applies them at
// start. `drizzle-kit push` is never used. PostgreSQL's come from drizzle.postgres.config.ts.
// Each module's SQLite tables are in adapters/sqlite/schema.ts (decision 051); adapters/schema.ts
// is the older flat name, kept in the list while a module may still have it.
export default defineConfig({
  dialect: 'sqlite',
  schema: ['./src/modules/*/adapters/sqlite/schema.ts', './src/modules/*/adapters/schema.ts'],
  out: './migrations/sqlite',
  dbCredentials: { url: './data/shop.db' },
  strict: true,
});
