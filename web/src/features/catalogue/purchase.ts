import type { Product } from './api/get-product';

/**
 * What the product page asks for when a signed-in customer presses Add to Cart or Order Now.
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
};

export type PurchaseHandler = (request: PurchaseRequest) => Promise<void>;
