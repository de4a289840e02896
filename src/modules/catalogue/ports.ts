import type { Category } from './domain/category.js';

/** Category storage. Synchronous: better-sqlite3 is, and transactions must not await. */
export type CategoryStore = {
  /** Newest first. */
  list(): Category[];
  count(): number;
  insertMany(categories: readonly Category[]): void;
};
