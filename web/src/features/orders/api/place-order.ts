import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HTTPError } from 'ky';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body, FreshTotals } from '../../../lib/api/contracts';
import { ordersQueryKeyRoot } from './get-orders';

/**
 * The body of POST /api/orders (its contract: src/modules/ordering/adapters/http.ts). The page always
 * sends `amount`, the total it showed: the server prices everything itself and only compares it.
 */
export type PlaceOrderInput = Body<'post /orders'> & { amount: number };

export type PlaceOrderAnswer = Answer<'post /orders'>;

/** The server's totals, sent with 409 `ordering/total-changed` (nothing was stored). */
export type { FreshTotals };

/**
 * 201 (or 200 with the first order for a repeated Idempotency-Key). Refusals: 409 `ordering/total-changed`
 * (see freshTotalsOf), 400 `ordering/cart-empty`, 400 `ordering/coupon-invalid`,
 * 409 `ordering/product-unavailable`, 400 `http/validation`.
 */
export function placeOrder(input: PlaceOrderInput, idempotencyKey: string): Promise<PlaceOrderAnswer> {
  return call(authApi, 'post /orders', { body: input, headers: { 'Idempotency-Key': idempotencyKey }, timeout: 30_000 });
}

/** The fresh totals of a 409 `ordering/total-changed`, or null for any other failure. */
export async function freshTotalsOf(error: unknown): Promise<FreshTotals | null> {
  if (!(error instanceof HTTPError) || error.response.status !== 409) return null;
  try {
    const body = (await error.response.clone().json()) as { error?: { code?: unknown; fresh?: Partial<FreshTotals> } };
    const fresh = body.error?.fresh;
    if (body.error?.code !== 'ordering/total-changed' || !fresh) return null;
    const { subtotal, discount, fee, amount, discountPercent } = fresh;
    const numbers = [subtotal, discount, fee, amount, discountPercent];
    if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
    return { subtotal, discount, fee, amount, discountPercent } as FreshTotals;
  } catch {
    return null;
  }
}

/**
 * One key per checkout attempt: a retry or a second click sends the same one, so the server answers
 * the first order instead of storing a second. (randomUUID needs a secure context; plain http on a
 * LAN address is not one.)
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: PlaceOrderInput; idempotencyKey: string }) => placeOrder(input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot }),
  });
}
