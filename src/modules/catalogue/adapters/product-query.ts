import { and, asc, desc, eq, getTableColumns, gte, lte, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { lowStockAt, variantKeys, type Variant } from '../../../shared/stock.js';
import type { Product } from '../product.js';
import type { ProductFilter } from '../ports.js';

/**
 * What both engines' product stores share (decision 051): the columns read, the narrowing and
 * order written alike, the sort a filter asks for, and variants put in order. Each store adds
 * only what its engine does its own way (search, paging tricks, locks, prepared statements).
 */

/** The columns both engines' tables name alike (tests/postgres/schema-parity.test.ts holds them equal). */
type Products = Table & { id: Column; categoryId: Column; price: Column; createdAt: Column };
type Variants = Table & { productId: Column; size: Column; color: Column; stock: Column };
type Categories = { name: Column; nameBn: Column };

/**
 * What a store reads of a product: every column of its table but the category's id, the update
 * time and PostgreSQL's search document, with its category's names. A new column is read (and
 * answered, see adapters/http.ts) without an edit here.
 */
export function productColumns<P extends Products, C extends Categories>(
  products: P,
  categories: C,
): Omit<P['_']['columns'], 'categoryId' | 'updatedAt' | 'search'> & { category: C['name']; categoryBn: C['nameBn'] } {
  // In the order the answers have always listed them (the category after the descriptions).
  const { id, title, description, titleBn, descriptionBn, categoryId: _category, updatedAt: _updated, search: _search, ...own } = getTableColumns(products) as Record<string, Column>;
  return { id, title, description, titleBn, descriptionBn, category: categories.name, categoryBn: categories.nameBn, ...own } as Omit<P['_']['columns'], 'categoryId' | 'updatedAt' | 'search'> & { category: C['name']; categoryBn: C['nameBn'] };
}

export const newestFirst = (products: Products): [SQL, SQL] => [desc(products.createdAt), desc(products.id)];

/** One variant of a product, by its key. */
export const variantAt = (productVariants: Variants, line: { productId: string; size: string; color: string }) =>
  and(eq(productVariants.productId, line.productId), eq(productVariants.size, line.size), eq(productVariants.color, line.color));

/** The narrowing both engines write alike: the price range, stock, the related product left out. */
export function commonConditions({ products, productVariants }: { products: Products; productVariants: Variants }, filter: ProductFilter): SQL[] {
  const parts: SQL[] = [];
  if (filter.minPrice !== undefined) parts.push(gte(products.price, filter.minPrice));
  if (filter.maxPrice !== undefined) parts.push(lte(products.price, filter.maxPrice));
  if (filter.inStock) parts.push(sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.stock > 0)`);
  if (filter.lowStock) parts.push(sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.stock <= ${lowStockAt})`);
  if (filter.related !== undefined) parts.push(sql`${products.id} <> ${filter.related}`);
  return parts;
}

/**
 * The order of a list: the related product's category first (a product that does not exist has
 * none: no one first), then the sort asked for (`relevance`: the engine's own rank of the words),
 * then newest first.
 */
export function productOrder(products: Products, filter: ProductFilter, hasWords: boolean, relevance: () => SQL): SQL[] {
  const order: SQL[] = [];
  if (filter.related !== undefined) {
    order.push(sql`case when ${products.categoryId} = (select p2.category_id from ${products} p2 where p2.id = ${filter.related}) then 0 else 1 end`);
  }
  const sort = sortOf(filter, hasWords);
  if (sort === 'price_asc') order.push(asc(products.price));
  if (sort === 'price_desc') order.push(desc(products.price));
  if (sort === 'relevance') order.push(relevance());
  return [...order, ...newestFirst(products)];
}

export type Sort = 'newest' | 'price_asc' | 'price_desc' | 'relevance';

/** relevance only with words to rank by; otherwise newest (decision 027). */
export function sortOf(filter: ProductFilter, hasWords: boolean): Sort {
  const sort = filter.sort ?? (hasWords ? 'relevance' : 'newest');
  return sort === 'relevance' && !hasWords ? 'newest' : sort;
}

/** A filter that narrows nothing and sorts newest: the storefront's hot read, prepared once. */
export const isPlain = (filter: ProductFilter): boolean =>
  filter.category === undefined &&
  filter.q === undefined &&
  filter.minPrice === undefined &&
  filter.maxPrice === undefined &&
  !filter.inStock &&
  !filter.lowStock &&
  filter.related === undefined &&
  (filter.sort === undefined || filter.sort === 'newest' || filter.sort === 'relevance');

/**
 * A search and nothing else (issue 20): every product matching the words is in the list, so the
 * search index alone ranks the page and counts the matches, without reading the products.
 */
export const isSearchOnly = (filter: ProductFilter): boolean =>
  filter.q !== undefined &&
  filter.category === undefined &&
  filter.minPrice === undefined &&
  filter.maxPrice === undefined &&
  !filter.inStock &&
  !filter.lowStock &&
  filter.related === undefined;

type Row = Omit<Product, 'variants'>;
type VariantRow = Variant & { productId: string };

/**
 * Each product with its variants in variantKeys order. A combination without a row (a product
 * saved before stock existed and not yet given the default) shows stock 0.
 */
export function withVariants(rows: readonly Row[], variantRows: readonly VariantRow[]): Product[] {
  const byProduct = new Map<string, Map<string, number>>();
  for (const v of variantRows) {
    let m = byProduct.get(v.productId);
    if (!m) byProduct.set(v.productId, (m = new Map()));
    m.set(`${v.size}\u0000${v.color}`, v.stock);
  }
  return rows.map((row) => {
    const stock = byProduct.get(row.id);
    return { ...row, variants: variantKeys(row.sizes, row.colors).map((k) => ({ ...k, stock: stock?.get(`${k.size}\u0000${k.color}`) ?? 0 })) };
  });
}
