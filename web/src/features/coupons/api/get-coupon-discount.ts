import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

export type CouponDiscount = Answer<'get /coupon/:code'>;

/**
 * Any signed-in customer: the discount of a code (compared upper-case). 404 `promotions/coupon-not-found`,
 * 429 `auth/rate-limited` after too many guesses.
 */
export function getCouponDiscount(code: string): Promise<CouponDiscount> {
  return call(authApi, 'get /coupon/:code', { params: { code } });
}

export const couponDiscountQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['coupons', 'discount', code],
    queryFn: () => getCouponDiscount(code),
    // Asked on each Apply: a coupon deleted since must not look valid, and every failure is "invalid".
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** For the Apply button: the coupon's percentage, or a rejection (unknown code, rate limit, outage). */
export function useCouponLookup(): (code: string) => Promise<number> {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: string) => (await queryClient.fetchQuery(couponDiscountQueryOptions(code))).discountPercent,
    [queryClient],
  );
}
