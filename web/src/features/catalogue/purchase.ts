import type { Product } from './api/get-product';

/**
 * What the product page asks for when a signed-in customer presses Add to Cart or Order Now (or a
 * visitor Order Now, in a shop that takes guest orders).
 * The page only collects the choice; the app layer decides what it does (see app/purchase-handler.ts),
 * because the cart is another feature.
 */
export type PurchaseRequest = {
  intent: 'add-to-cart' | 'order-now';
  product: Product;
  /** '' when the customer chose none (the selects are optional). */
  size: string;
  color: string;
  /** A whole number from 1 to 99 and at most what is in stock (the form checks it; the server refuses more). */
  quantity: number;
  /** A visitor's Order Now (guest checkout, GUEST_CHECKOUT, issue 36): the item goes to the public checkout. */
  guest?: boolean;
};

export type PurchaseHandler = (request: PurchaseRequest) => Promise<void>;

/**
 * What a press of Add to Cart or Order Now leads to: a customer's request goes to the handler; a
 * visitor is sent to log in (the spec's "Please login first"), except for Order Now in a shop that
 * takes guest orders (issue 36), which goes on as a guest. Add to Cart always needs an account: the
 * cart is kept per account on the server.
 */
export function purchaseStep(intent: PurchaseRequest['intent'], signedIn: boolean, guestCheckout: boolean): 'purchase' | 'guest-order' | 'log-in' {
  if (signedIn) return 'purchase';
  return intent === 'order-now' && guestCheckout ? 'guest-order' : 'log-in';
}
