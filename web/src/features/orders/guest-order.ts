import type { GuestOrderInput } from './api/place-guest-order';
import type { OrderNowItem } from './order-now';

/** Who receives the order and where, as a signed-in order sends them too (checked, trimmed, the phone compacted). */
export type OrderDelivery = Omit<GuestOrderInput, 'items' | 'phoneProof'>;

/**
 * A visitor's order (guest checkout, issue 36): the Order Now item and the delivery details, with the
 * proof of the phone's code when the shop asks for one (CHECKOUT_OTP). Never a coupon: the server
 * takes none from a visitor (its guesses are counted per account).
 */
export function guestOrderInput(delivery: OrderDelivery, item: OrderNowItem, phoneProof: string | undefined): GuestOrderInput {
  return {
    ...delivery,
    items: [{ productId: item.productId, size: item.size, color: item.color, quantity: item.quantity }],
    ...(phoneProof ? { phoneProof } : {}),
  };
}

/** /track for this order, its number filled in (the shopper types the phone it was placed with). */
export function trackLink(trackPath: string, orderNumber: number): string {
  return `${trackPath}?${new URLSearchParams({ order: String(orderNumber) }).toString()}`;
}
