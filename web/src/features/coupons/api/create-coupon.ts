import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';
import { couponsQueryKeyRoot } from './get-coupons';

/** Admin only. 400 `promotions/coupon-exists` for a code already used (in any case), 400 `http/validation`. */
export function createCoupon(coupon: Body<'post /coupons'>): Promise<Answer<'post /coupons'>> {
  return call(authApi, 'post /coupons', { body: coupon });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKeyRoot }),
  });
}
