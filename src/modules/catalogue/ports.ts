import type { Category } from './domain/category.js';
import type { Product, ProductInput } from './domain/product.js';

/** Storage ports, asynchronous (decision 024). */
export type CategoryStore = {
  /** Newest first. */
  list(): Promise<Category[]>;
  count(): Promise<number>;
  byName(name: string): Promise<Category | null>;
  /** False, and nothing stored, when a category with that name (ignoring case and spaces) exists. */
  insert(category: Category): Promise<boolean>;
  insertMany(categories: readonly Category[]): Promise<void>;
};

export type ProductFilter = { category?: string | undefined; q?: string | undefined; limit?: number | undefined; offset?: number | undefined };

export type ProductStore = {
  /** Newest first. */
  list(filter: ProductFilter): Promise<Product[]>;
  count(filter: ProductFilter): Promise<number>;
  byId(id: string): Promise<Product | null>;
  insert(product: Omit<ProductInput, 'category'> & { id: string; categoryId: string; createdAt: Date }): Promise<void>;
  update(id: string, product: Omit<ProductInput, 'category'> & { categoryId: string; updatedAt: Date }): Promise<number>;
  delete(id: string): Promise<number>;
};
