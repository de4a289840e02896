import type { ProductSort, ProductsFilter } from './api/get-products';

/**
 * What a shopper narrows and orders a list of products by, kept in the URL query under the API's own
 * names (q, category, minPrice, maxPrice, inStock=true, sort) so that Back, reload and a shared link
 * keep it. The URL is anyone's to type: a value the API would refuse (400) is read as absent instead.
 */
export type ListFilter = Pick<ProductsFilter, 'q' | 'category' | 'minPrice' | 'maxPrice' | 'inStock' | 'sort'>;

const SORTS: readonly ProductSort[] = ['relevance', 'newest', 'price_asc', 'price_desc'];
/** The catalogue's dearest price (src/modules/catalogue/domain/product.ts, maxPrice). */
const MAX_PRICE = 10_000_000;

/** Whole taka, 0 to the dearest price; undefined for anything else. */
export function priceOf(raw: unknown): number | undefined {
  return typeof raw === 'string' && /^\d{1,8}$/.test(raw) && Number(raw) <= MAX_PRICE ? Number(raw) : undefined;
}

const textOf = (raw: string | null, max: number) => raw?.trim().slice(0, max) || undefined;

/** The sort a list shows when the URL names none: the server's default. */
export const defaultSort = (filter: ListFilter): ProductSort => (filter.q ? 'relevance' : 'newest');

/** The filter of a URL query. A price range given upside down is read the right way round. */
export function filterFromSearch(params: URLSearchParams): ListFilter {
  const q = textOf(params.get('q'), 120);
  const low = priceOf(params.get('minPrice'));
  const high = priceOf(params.get('maxPrice'));
  const swap = low !== undefined && high !== undefined && low > high;
  // Relevance ranks the words: without any it is no order at all.
  const sort = SORTS.find((s) => s === params.get('sort') && (s !== 'relevance' || q !== undefined));
  return {
    q,
    category: textOf(params.get('category'), 80),
    minPrice: swap ? high : low,
    maxPrice: swap ? low : high,
    inStock: params.get('inStock') === 'true' || undefined,
    sort,
  };
}

/** Whether anything but the words and the order narrows the list. */
export const isFiltered = (filter: ListFilter): boolean =>
  filter.category !== undefined || filter.minPrice !== undefined || filter.maxPrice !== undefined || filter.inStock === true;

/**
 * The URL query after `changes` (a key given as undefined is taken away), back on page 1: the page
 * of another list means nothing. The default sort is left out, so that a list has one address.
 */
export function searchWith(params: URLSearchParams, changes: Partial<ListFilter>): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === false || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  const read = filterFromSearch(next);
  if (read.sort === undefined || read.sort === defaultSort(read)) next.delete('sort');
  const query = next.toString();
  return query ? `?${query}` : '';
}
