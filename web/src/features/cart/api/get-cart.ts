import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Row } from '../../../lib/api/contracts';
import { retryUnlessClientError } from '../../../lib/query-client';

// The wire type of the cart contract (src/modules/cart/adapters/http.ts).
export type CartItem = Row<'get /carts'>;

/** Own cart only (another email: 403); newest first. */
export function getCart(email: string): Promise<CartItem[]> {
  return call(authApi, 'get /carts', { query: { email } });
}

/** Every cart query starts with this key: invalidate it after any change to the cart or an order. */
export const cartQueryKeyRoot = ['carts'] as const;

export const cartQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...cartQueryKeyRoot, email],
    queryFn: () => getCart(email),
    staleTime: 30_000,
    retry: retryUnlessClientError,
    // Private (no `meta.public`): dropped from the cache at log-out.
  });

/** Idle until an email is known (a visitor has no cart). */
export function useCart(email: string | undefined) {
  return useQuery({ ...cartQueryOptions(email ?? ''), enabled: Boolean(email) });
}

/** Number of pieces in the cart (the sum of the quantities). */
export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export function cartTotalPrice(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.price, 0);
}
