import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';

/**
 * The body of POST /api/guest/orders (guest checkout, issue 36; its contract:
 * src/modules/ordering/adapters/guest-order-http.ts). As for a signed-in order the page always sends
 * `amount`, the total it showed; no coupon (a coupon needs an account).
 */
export type GuestOrderInput = Body<'post /guest/orders'> & { amount: number };

export type GuestOrderAnswer = Answer<'post /guest/orders'>;

/**
 * 201 (or 200 with the first order for a repeated Idempotency-Key), through the public client: a
 * visitor has no session, so no answer of this call may end one. Refusals besides those of
 * POST /api/orders: 409 `ordering/guest-checkout-off`, 429 `ordering/guest-orders-limit`,
 * 409 `ordering/phone-not-verified` (CHECKOUT_OTP without a proof that counts) and
 * 409 `ordering/advance-needs-account` (the shop's bKash advance rule asks one: log in to pay it).
 */
export function placeGuestOrder(input: GuestOrderInput, idempotencyKey: string): Promise<GuestOrderAnswer> {
  return call(api, 'post /guest/orders', { body: input, headers: { 'Idempotency-Key': idempotencyKey }, timeout: 30_000 });
}

export function usePlaceGuestOrder() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: GuestOrderInput; idempotencyKey: string }) => placeGuestOrder(input, idempotencyKey),
  });
}
