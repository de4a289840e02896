import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { couponsQueryKeyRoot } from './get-coupons';

/** Admin only. 404 `promotions/coupon-not-found` for a coupon already gone. */
export function deleteCoupon(id: string): Promise<{ deletedCount: number }> {
  return authApi.delete(`coupons/${encodeURIComponent(id)}`).json<{ deletedCount: number }>();
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKeyRoot }),
  });
}
