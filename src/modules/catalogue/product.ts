import type { z } from 'zod';
import type { Variant } from '../../shared/stock.js';
import type { productInputSchema } from './adapters/product-input.js';
import type { products } from './adapters/sqlite/schema.js';

// A product described once (decision 051): its fields are the columns of its table
// (adapters/sqlite/schema.ts; tests/postgres/schema-parity.test.ts holds the PostgreSQL twin equal,
// and the PostgreSQL store's rows must fit these types). The types below, the API's input schema
// (drizzle-zod, adapters/product-input.ts) and its answer schema (adapters/http.ts) are derived
// from them: a new nullable column is stored, read, accepted and answered without another edit.

/** A product as the shop sells it: its row less the category's id and the update time, with its category's names and its variants in variantKeys order. */
export type Product = Omit<typeof products.$inferSelect, 'categoryId' | 'updatedAt'> & {
  /** The category's name, and its Bengali name or null. */
  category: string;
  categoryBn: string | null;
  variants: Variant[];
};

/**
 * A product's fields as a store writes them. A nullable field left out (undefined) is null on
 * insert and unchanged on update (the Bengali title and description of a client that does not
 * know them, issue 18).
 */
export type ProductFields = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** What an admin supplies for a product: the API schema's output (trimmed, defaults filled). */
export type ProductInput = z.output<typeof productInputSchema>;
