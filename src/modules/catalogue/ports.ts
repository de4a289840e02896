import type { StockLine, Variant } from '../../shared/stock.js';
import type { Category } from './domain/category.js';

/** A category to store: without a Bengali name, none (null). */
export type NewCategory = Omit<Category, 'nameBn'> & { nameBn?: string | null | undefined };
import type { ProductSort } from './domain/product.js';
import type { Product, ProductFields } from './product.js';

/** Storage ports, asynchronous (decision 024). */
export type CategoryStore = {
  /** Newest first. */
  list(): Promise<Category[]>;
  count(): Promise<number>;
  byName(name: string): Promise<Category | null>;
  /** False, and nothing stored, when a category with that name (ignoring case and spaces) exists. */
  insert(category: NewCategory): Promise<boolean>;
  insertMany(categories: readonly NewCategory[]): Promise<void>;
};

export type { ProductSort };

/** What GET /products narrows and orders by (decision 027). Absent fields narrow nothing. */
export type ProductFilter = {
  category?: string | undefined;
  /** Full text: every word must match a word of the title, category or description (English or Bengali) as a prefix. */
  q?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Some variant has stock. */
  inStock?: boolean | undefined;
  /** Some variant is at or under lowStockAt (sold out included). */
  lowStock?: boolean | undefined;
  /** relevance without q is newest; newest when absent, relevance when absent with q. */
  sort?: ProductSort | undefined;
  /** Leaves this product out and lists its category's products first. */
  related?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
};

export type ProductStore = {
  list(filter: ProductFilter): Promise<Product[]>;
  count(filter: ProductFilter): Promise<number>;
  byId(id: string): Promise<Product | null>;
  /** The products of these ids that exist, in no particular order: one read for a whole cart (issue 40). */
  byIds(ids: readonly string[]): Promise<Product[]>;
  /** The product and its variants (every size x color, decision 027). */
  insert(product: ProductFields & { id: string; createdAt: Date; variants: readonly Variant[] }): Promise<void>;
  /** Replaces the fields and the variants (combinations gone are deleted); 0 when there is no such product. */
  update(id: string, product: ProductFields & { updatedAt: Date; variants: readonly Variant[] }): Promise<number>;
  delete(id: string): Promise<number>;
  /** Products saved before stock existed (no variant rows), at most `limit`: start-up gives them the default. */
  withoutVariants(limit: number): Promise<Array<{ id: string; sizes: string[]; colors: string[] }>>;
  /** Adds variant rows that do not exist yet. */
  addMissingVariants(productId: string, variants: readonly Variant[]): Promise<void>;
};


export type { StockLine };

/** Stock as orders move it, inside the ordering transaction (decision 027). */
export type StockStore = {
  /** Takes `quantity` from the variant when it holds that many; false, and nothing taken, otherwise. */
  take(line: StockLine): Promise<boolean>;
  /** Adds the quantity back, up to maxStock; false when the variant is gone (its product deleted, the combination removed). */
  giveBack(line: StockLine): Promise<boolean>;
};

/** A sitemap line: a product by id or a category by name, and when its page last changed. */
export type SitemapProduct = { id: string; lastModified: Date };
export type SitemapCategory = { name: string; key: string; lastModified: Date };

/**
 * The sitemap's reads (issue 21, decision 042): keyset pages in a fixed order (products by id,
 * categories by their name key), so one sitemap file of any size is read in constant memory.
 * `...At(offset)` finds a file's first row without reading the ones before it into memory.
 */
export type SitemapReader = {
  productCount(): Promise<number>;
  /** The id at this position in id order, or null past the end. */
  productIdAt(offset: number): Promise<string | null>;
  /** Up to `limit` products after `after` (exclusive; null: from the first) in id order. */
  products(after: string | null, limit: number): Promise<SitemapProduct[]>;
  categoryCount(): Promise<number>;
  categoryKeyAt(offset: number): Promise<string | null>;
  /** A category's page changes with it and with its products: the later of its creation and their last update. */
  categories(after: string | null, limit: number): Promise<SitemapCategory[]>;
  /** When any product last changed (the lists' lastmod), or null when there is none. */
  lastProductChange(): Promise<Date | null>;
};
