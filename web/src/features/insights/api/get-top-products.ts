import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import { statsQueryKeyRoot, type TopProduct } from './stats-types';

/** Rows a page of the dashboard's short lists (top products, low stock). */
export const SHORT_LIST_SIZE = 10;

/** Admin only: the products of the Pending and Confirmed orders of `from`..`to`, most units first, one page (1, 2, ...). */
export function getTopProducts(range: { from: string; to: string }, page: number): Promise<Page<TopProduct>> {
  return getPage(authApi, 'get /stats/top-products', pageQuery(page, SHORT_LIST_SIZE), { query: { from: range.from, to: range.to } });
}

export const topProductsQueryOptions = (range: { from: string; to: string }, page: number) =>
  queryOptions({
    queryKey: [...statsQueryKeyRoot, 'top-products', range.from, range.to, page],
    queryFn: () => getTopProducts(range, page),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useTopProducts(range: { from: string; to: string }, page: number) {
  return useQuery(topProductsQueryOptions(range, page));
}
