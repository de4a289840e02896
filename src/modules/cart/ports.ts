import type { Variant } from '../../shared/stock.js';
import type { CartLine } from './domain/cart-line.js';

/** Asynchronous storage (decision 024). */
export type CartStore = {
  /** Newest first, at most `limit` (a cart stored before MAX_CART_LINES may hold thousands; issue 40). */
  listFor(userId: string, limit: number): Promise<CartLine[]>;
  /** How many lines the user's cart holds. */
  count(userId: string): Promise<number>;
  /**
   * Inside a transaction that may add a line: makes adds to one cart count one after another. On
   * SQLite the writer lock already does; on PostgreSQL the row lock of the cart's newest line (an
   * empty cart has none: a few concurrent first adds may still pass together, at most one per
   * pooled connection).
   */
  lockLines(userId: string): Promise<void>;
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
  /** The Bengali names of the sizes and colors by position (issue 33), or null. */
  sizesBn?: string[] | null;
  colorsBn?: string[] | null;
  images: string[];
  /** Stock per size x color (decision 027). */
  variants: Variant[];
};

export type ProductLookup = {
  productById(id: string): Promise<CartProduct | null>;
  /** The products of these ids that still exist, in one read (a cart's lines at once; issue 40). */
  productsByIds(ids: readonly string[]): Promise<CartProduct[]>;
};

/** The customer's bounds on a cart (issue 40): MAX_CART_LINES and MAX_LINE_QUANTITY. */
export type CartLimits = { maxLines: number; maxLineQuantity: number };

/** A cart unit of work: the cart and the catalogue's facts as one transaction sees them. */
export type CartTransaction = <T>(work: (inTx: { cart: CartStore; products: ProductLookup }) => Promise<T>) => Promise<T>;
