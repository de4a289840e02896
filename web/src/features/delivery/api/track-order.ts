import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

/** GET /api/track: an order's status and its parcel, for its number and the phone it was placed with. */
export type Tracking = Answer<'get /track'>;

/**
 * Public (no session): 404 `delivery/tracking-not-found` for any number and phone that do not match,
 * 429 `delivery/tracking-limit` after too many look-ups from one address (Retry-After).
 */
export function trackOrder(order: string, phone: string): Promise<Tracking> {
  return call(api, 'get /track', { query: { order, phone } });
}

/** A look-up per press of Track: each asks the server again (it limits them), none is retried. */
export function useTrackOrder() {
  return useMutation({ mutationFn: ({ order, phone }: { order: string; phone: string }) => trackOrder(order, phone), retry: false });
}
