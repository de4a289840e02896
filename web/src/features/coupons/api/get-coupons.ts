import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Row } from '../../../lib/api/contracts';

// The wire type of the promotions contract (src/modules/promotions/adapters/http.ts): codes are upper-case.
export type Coupon = Row<'get /coupons'>;

/** Admin only; newest first, one page (1, 2, ...). */
export function getCoupons(page: number): Promise<Page<Coupon>> {
  return getPage(authApi, 'get /coupons', pageQuery(page));
}

export const couponsQueryKeyRoot = ['coupons'] as const;

export const couponsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...couponsQueryKeyRoot, 'list', page],
    queryFn: () => getCoupons(page),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useCoupons(page: number) {
  return useQuery(couponsQueryOptions(page));
}
