import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

export type CouponDiscount = Answer<'get /coupon/:code'>;

/**
 * Any signed-in customer: the discount of a code (compared upper-case). 404 `promotions/coupon-not-found`,
 * 422 `promotions/coupon-expired` / `promotions/coupon-below-minimum` (with `error.minOrder`), 409 `promotions/coupon-used-up`,
 * 429 `auth/rate-limited` after too many guesses.
 */
export function getCouponDiscount(code: string, subtotal?: number): Promise<CouponDiscount> {
  return call(authApi, 'get /coupon/:code', { params: { code }, ...(subtotal !== undefined ? { query: { subtotal: String(Math.round(subtotal)) } } : {}) });
}

export const couponDiscountQueryOptions = (code: string, subtotal?: number) =>
  queryOptions({
    queryKey: ['coupons', 'discount', code, subtotal],
    queryFn: () => getCouponDiscount(code, subtotal),
    // Asked on each Apply: a coupon deleted since must not look valid, and every failure is "invalid".
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/**
 * For the Apply button: the coupon's percentage for an order of `subtotal` taka, or a rejection
 * (unknown code; expired, below its minimum or used up, issue 33; rate limit; outage).
 */
export function useCouponLookup(): (code: string, subtotal?: number) => Promise<number> {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: string, subtotal?: number) => (await queryClient.fetchQuery(couponDiscountQueryOptions(code, subtotal))).discountPercent,
    [queryClient],
  );
}
