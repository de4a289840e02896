import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Product } from './get-product';

/** The orders of GET /api/products (src/modules/catalogue/ports.ts, productSorts). */
export type ProductSort = 'newest' | 'price_asc' | 'price_desc' | 'relevance';

/** What narrows and orders a list of products; each field left out narrows nothing. */
export type ProductsFilter = {
  /** Words to find (title, description, category). */
  q?: string;
  /** Only this category's products (exact name). */
  category?: string;
  /** Whole taka, both ends included; the server refuses minPrice above maxPrice. */
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  /** Some variant at 5 or fewer (Manage Products). */
  lowStock?: boolean;
  /** The server's default: relevance with q, else newest. */
  sort?: ProductSort;
  /** The product page's list: every product but this one, its category's first. */
  related?: string;
};

export type ProductsQuery = ProductsFilter & {
  /** 1, 2, ...: a page of PAGE_SIZE products. */
  page?: number;
};

/**
 * The API's query parameters of a filter, in a fixed order, the ones left out absent: an empty filter
 * asks `limit=50&offset=..` alone, exactly what public/prefetch.js asks for the first page of all
 * products, so that the app takes its answer.
 */
export function productsSearchParams(filter: ProductsFilter): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ['q', 'category', 'minPrice', 'maxPrice', 'inStock', 'lowStock', 'sort', 'related'] as const) {
    const value = filter[key];
    if (value !== undefined && value !== false && value !== '') params[key] = String(value);
  }
  return params;
}

/** One page of products, in the server's order (newest first unless sorted), and how many match in all. */
export function getProducts({ page = 1, ...filter }: ProductsQuery = {}): Promise<Page<Product>> {
  return getPage(api, 'get /products', pageQuery(page), { query: productsSearchParams(filter) });
}

export const productsQueryOptions = ({ page = 1, ...filter }: ProductsQuery = {}) =>
  queryOptions({
    queryKey: ['products', 'list', { ...productsSearchParams(filter), page }],
    queryFn: () => getProducts({ ...filter, page }),
    staleTime: 30_000,
    retry: retryUnlessClientError,
    placeholderData: keepPreviousData,
    // Not private: kept in the cache across log-out (see removePrivateQueries).
    meta: { public: true },
  });

/** `enabled: false` holds the request back (the list waits for the page around it). */
export function useProducts(query: ProductsQuery = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(query), enabled });
}

/** Newest first by `createdAt` (a stable sort, so equal times keep the server's order). */
export function newestFirst(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
