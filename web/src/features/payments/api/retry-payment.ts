import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import { paymentsQueryKeyRoot, type PaymentStarted } from './payment-keys';

/**
 * The owner starts another payment of the order's advance at bKash (its page to go to). Refusals:
 * 409 `payments/hold-over` (the time ran out), 409 `payments/not-awaiting`, 429
 * `payments/too-many-attempts`, 503 `payments/unavailable`.
 */
export function retryPayment(orderId: string): Promise<PaymentStarted> {
  // The server waits for bKash before it answers.
  return call(authApi, 'post /orders/:id/payment', { params: { id: orderId }, timeout: 60_000 });
}

export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPayment,
    // A refusal (the hold ran out, say) changes what the page shows: read the payment again.
    onError: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKeyRoot }),
  });
}
