import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.config.ts (decision 022): the modules' pg-schema.ts files, generated
// into migrations/postgres/ and committed. Generating needs no server; `push` is never used.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/adapters/pg-schema.ts',
  out: './migrations/postgres',
  strict: true,
});
