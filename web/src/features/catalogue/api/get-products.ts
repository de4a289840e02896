import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Product } from './get-product';

/** Newest first, as the server sends them; all of them, or those of one category (exact name). */
export function getProducts(category?: string): Promise<Product[]> {
  const searchParams = category === undefined ? undefined : { category };
  return api.get('products', { searchParams }).json<Product[]>();
}

export const productsQueryOptions = (category?: string) =>
  queryOptions({
    queryKey: ['products', 'list', { category: category ?? null }],
    queryFn: () => getProducts(category),
    staleTime: 30_000,
    retry: retryUnlessClientError,
    // Not private: kept in the cache across log-out (see removePrivateQueries).
    meta: { public: true },
  });

export function useProducts(category?: string) {
  return useQuery(productsQueryOptions(category));
}

/** Newest first by `createdAt` (a stable sort, so equal times keep the server's order). */
export function newestFirst(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
