import type { CartLine } from './domain/cart-line.js';

/** Synchronous storage (decision 001). */
export type CartStore = {
  /** Newest first. */
  listFor(userId: string): CartLine[];
  find(userId: string, productId: string, size: string, color: string): CartLine | null;
  insert(line: CartLine): void;
  setQuantity(id: string, quantity: number): void;
  /** Deletes the caller's own line only. */
  deleteOwn(id: string, userId: string): number;
  deleteLines(ids: readonly string[]): number;
};

/** What the cart needs to know of a product: the catalogue's current facts. */
export type CartProduct = {
  id: string;
  title: string;
  category: string;
  price: number;
  sizes: string[];
  colors: string[];
  images: string[];
};

export type ProductLookup = { productById(id: string): CartProduct | null };
