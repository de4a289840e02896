import type { Variant } from '../../shared/stock.js';
import type { CartLine } from './domain/cart-line.js';

/** Asynchronous storage (decision 024). */
export type CartStore = {
  /** Newest first. */
  listFor(userId: string): Promise<CartLine[]>;
  find(userId: string, productId: string, size: string, color: string): Promise<CartLine | null>;
  /** The caller's own line, or null (another user's line is not theirs to find). */
  findOwn(id: string, userId: string): Promise<CartLine | null>;
  /** False, and nothing stored, when the user's cart already holds this product, size and color. */
  insert(line: CartLine): Promise<boolean>;
  setQuantity(id: string, quantity: number): Promise<void>;
  /** Deletes the caller's own line only. */
  deleteOwn(id: string, userId: string): Promise<number>;
  deleteLines(ids: readonly string[]): Promise<number>;
};

/** What the cart needs to know of a product: the catalogue's current facts. */
export type CartProduct = {
  id: string;
  title: string;
  /** The Bengali title, if the catalogue has one (issue 18). */
  titleBn?: string | null;
  category: string;
  price: number;
  sizes: string[];
  colors: string[];
  images: string[];
  /** Stock per size x color (decision 027). */
  variants: Variant[];
};

export type ProductLookup = { productById(id: string): Promise<CartProduct | null> };

/** A cart unit of work: the cart and the catalogue's facts as one transaction sees them. */
export type CartTransaction = <T>(work: (inTx: { cart: CartStore; products: ProductLookup }) => Promise<T>) => Promise<T>;
