import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { couponsQueryKeyRoot } from './get-coupons';

/** Admin only. 404 `promotions/coupon-not-found` for a coupon already gone. */
export function deleteCoupon(id: string): Promise<Answer<'delete /coupons/:id'>> {
  return call(authApi, 'delete /coupons/:id', { params: { id } });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKeyRoot }),
  });
}
