import type { Category } from './domain/category.js';
import type { Product, ProductInput } from './domain/product.js';

/** Storage ports. Synchronous: better-sqlite3 is, and transactions must not await (decision 001). */
export type CategoryStore = {
  /** Newest first. */
  list(): Category[];
  count(): number;
  byName(name: string): Category | null;
  insert(category: Category): void;
  insertMany(categories: readonly Category[]): void;
};

export type ProductFilter = { category?: string | undefined; q?: string | undefined; limit?: number | undefined; offset?: number | undefined };

export type ProductStore = {
  /** Newest first. */
  list(filter: ProductFilter): Product[];
  count(filter: ProductFilter): number;
  byId(id: string): Product | null;
  insert(product: Omit<ProductInput, 'category'> & { id: string; categoryId: string; createdAt: Date }): void;
  update(id: string, product: Omit<ProductInput, 'category'> & { categoryId: string; updatedAt: Date }): number;
  delete(id: string): number;
};
