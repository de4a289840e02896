import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Product } from './get-product';

export type ProductsQuery = {
  /** Only this category's products (exact name); all products without it. */
  category?: string;
  /** 1, 2, ...: a page of PAGE_SIZE products. */
  page?: number;
};

/**
 * One page of products, newest first as the server sends them, and how many there are in all.
 * The query string is `[category=..&]limit=50&offset=..`: public/prefetch.js asks the first page of
 * all products with exactly this string, so that the app takes its answer.
 */
export function getProducts({ category, page = 1 }: ProductsQuery = {}): Promise<Page<Product>> {
  return getPage<Product>(api, 'products', pageQuery(page), category === undefined ? {} : { category });
}

export const productsQueryOptions = ({ category, page = 1 }: ProductsQuery = {}) =>
  queryOptions({
    queryKey: ['products', 'list', { category: category ?? null, page }],
    queryFn: () => getProducts({ category, page }),
    staleTime: 30_000,
    retry: retryUnlessClientError,
    placeholderData: keepPreviousData,
    // Not private: kept in the cache across log-out (see removePrivateQueries).
    meta: { public: true },
  });

export function useProducts(query: ProductsQuery = {}) {
  return useQuery(productsQueryOptions(query));
}

/** Newest first by `createdAt` (a stable sort, so equal times keep the server's order). */
export function newestFirst(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
