import { defineConfig } from 'drizzle-kit';

// Migrations are generated into migrations/ and committed; the server applies them at start.
// `drizzle-kit push` is never used.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/modules/*/adapters/schema.ts',
  out: './migrations',
  dbCredentials: { url: './data/shop.db' },
  strict: true,
});
