import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Row } from '../../../lib/api/contracts';
import { SHORT_LIST_SIZE } from './get-top-products';

/**
 * The products with some variant at 5 or fewer, sold out included (GET /api/products?lowStock=true,
 * the list of Manage Products' "Low stock only"), newest first, one page (1, 2, ...).
 */
export function getLowStock(page: number): Promise<Page<Row<'get /products'>>> {
  return getPage(api, 'get /products', pageQuery(page, SHORT_LIST_SIZE), { query: { lowStock: 'true' } });
}

export const lowStockQueryOptions = (page: number) =>
  queryOptions({
    // Under 'products': a change to a product (Update, Delete, an order) refreshes it as it does the catalogue's lists.
    queryKey: ['products', 'low-stock', page],
    queryFn: () => getLowStock(page),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useLowStock(page: number) {
  return useQuery(lowStockQueryOptions(page));
}
