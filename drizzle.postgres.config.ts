import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.config.ts (decision 022): the modules' adapters/postgres/schema.ts
// files (decisions 050, 051), generated
// into migrations/postgres/ and committed. Generating needs no server; `push` is never used.
// src/platform/pg-schema.ts holds what several processes share (decision 026), PostgreSQL only.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/adapters/postgres/schema.ts', './src/platform/pg-schema.ts'],
  out: './migrations/postgres',
  strict: true,
});
