import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { couponsQueryKeyRoot } from './get-coupons';

export type NewCoupon = { code: string; discountPercent: number };

/** Admin only. 400 `promotions/coupon-exists` for a code already used (in any case), 400 `http/validation`. */
export function createCoupon(coupon: NewCoupon): Promise<{ insertedId: string }> {
  return authApi.post('coupons', { json: coupon }).json<{ insertedId: string }>();
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKeyRoot }),
  });
}
