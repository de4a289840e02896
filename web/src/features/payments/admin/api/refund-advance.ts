import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../../lib/api-client';
import type { Answer, Body } from '../../../../lib/api/contracts';
import { paymentsQueryKeyRoot } from '../../api/payment-keys';

export type RefundInput = Body<'post /orders/:id/refund'>;

/**
 * Admin only: bKash refunds the advance of a canceled order (or one whose parcel came back), the whole
 * advance unless `amount` says less. Refusals: 409 `payments/not-refundable`, 409 `payments/refused`
 * (bKash said no), 503 `payments/unavailable` (asked again, the shop never refunds twice).
 */
export function refundAdvance({ orderId, refund }: { orderId: string; refund: RefundInput }): Promise<Answer<'post /orders/:id/refund'>> {
  // The server asks bKash (a refund's status, then the refund) before it answers.
  return call(authApi, 'post /orders/:id/refund', { params: { id: orderId }, body: refund, timeout: 90_000 });
}

export function useRefundAdvance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundAdvance,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKeyRoot }),
  });
}
