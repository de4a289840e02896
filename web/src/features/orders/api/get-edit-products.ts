import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { getPage } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import { ordersQueryKeyRoot } from './get-orders';

/**
 * The catalogue as an order's change reads it (issue 36): a product's sizes, colors, price and stock
 * per variant, and a search by title to add one. Read from the API here (features do not import each
 * other; the catalogue's pages have their own hooks), under the orders' key: a change of the order
 * refreshes the stock shown.
 */
export type EditProduct = Answer<'get /products/:id'>;

/** The products a search offers at most. */
export const PRODUCT_CHOICES = 8;

export const editProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'edit-product', id],
    queryFn: () => call(api, 'get /products/:id', { params: { id } }),
    staleTime: 10_000,
    retry: retryUnlessClientError,
  });

/** The products of the lines, by id, and the ids the catalogue could not answer (a product no longer sold: 404). */
export function useEditProducts(ids: readonly string[]): { products: ReadonlyMap<string, EditProduct>; failed: ReadonlySet<string> } {
  const unique = [...new Set(ids)];
  return useQueries({
    queries: unique.map((id) => editProductQueryOptions(id)),
    combine: (results) => ({
      products: new Map(results.flatMap((r) => (r.data ? [[r.data._id, r.data] as const] : []))),
      failed: new Set(results.flatMap((r, i) => (r.status === 'error' ? [unique[i]!] : []))),
    }),
  });
}

/** Products whose title (or description, category) holds `q`, the most relevant first; none for a blank `q`. */
export function useProductSearch(q: string) {
  const words = q.trim();
  return useQuery({
    queryKey: [...ordersQueryKeyRoot, 'edit-search', words],
    queryFn: () => getPage(api, 'get /products', { limit: PRODUCT_CHOICES, offset: 0 }, { query: { q: words } }),
    enabled: words.length > 0,
    staleTime: 10_000,
    retry: retryUnlessClientError,
  });
}
