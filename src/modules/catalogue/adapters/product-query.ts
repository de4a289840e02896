import { lowStockAt, variantKeys, type Variant } from '../../../shared/stock.js';
import type { Product } from '../domain/product.js';
import type { ProductFilter } from '../ports.js';

/** What both engines' product stores share: the sort a filter asks for, and variants put in order. */
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

export const lowStockLimit = lowStockAt;

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
