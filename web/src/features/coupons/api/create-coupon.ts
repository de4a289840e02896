import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import type { CouponBody } from '../../../../../src/modules/promotions/index';
import { couponsQueryKeyRoot } from './get-coupons';

/** Admin only. 400 `promotions/coupon-exists` for a code already used (in any case), 400 `http/validation`. */
export function createCoupon(coupon: CouponBody): Promise<{ insertedId: string }> {
  return authApi.post('coupons', { json: coupon }).json<{ insertedId: string }>();
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKeyRoot }),
  });
}
