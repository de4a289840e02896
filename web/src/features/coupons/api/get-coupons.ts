import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

// Mirrors docs/api/ordering.md (coupons); declared here, as the web imports no server code.
export type Coupon = {
  _id: string;
  /** Upper-case. */
  code: string;
  /** 1 to 100, two decimals at most. */
  discountPercent: number;
};

/** Admin only; newest first. */
export function getCoupons(): Promise<Coupon[]> {
  return authApi.get('coupons').json<Coupon[]>();
}

export const couponsQueryKeyRoot = ['coupons'] as const;

export const couponsQueryOptions = () =>
  queryOptions({
    queryKey: [...couponsQueryKeyRoot, 'list'],
    queryFn: getCoupons,
    retry: retryUnlessClientError,
  });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
