import { bengaliChoice } from '../../shared/label-names.js';
import { availableFor } from '../../shared/stock.js';
import type { CartLine } from './domain/cart-line.js';
import type { CartProduct, CartStore, ProductLookup } from './ports.js';

/** A cart line as the shopper sees it: priced from the catalogue now. */
export type PricedCartLine = CartLine & {
  title: string;
  /** The product's Bengali title, when it has one. */
  titleBn?: string;
  /** The Bengali names of the line's size and color, when the product has them (issue 33). */
  sizeBn?: string;
  colorBn?: string;
  category: string;
  image: string;
  unitPrice: number;
  /** unitPrice x quantity */
  price: number;
  /** false when the product was deleted since: it cannot be ordered. */
  available: boolean;
  /** How many one line of this choice can hold now (0 once the product is gone). */
  stock: number;
};

/** The newest `atMost` lines of a cart, and how many it holds in all (more only in a cart stored before MAX_CART_LINES). */
export type CartView = { lines: PricedCartLine[]; total: number };

/**
 * The newest `atMost` lines of the caller's cart, priced now: the lines in one read and all their
 * products in one more (issue 40: a product was read per line, each with all its variants, all at
 * once). Each line keeps only its own facts, so no product outlives this call.
 */
export async function viewCart(deps: { cart: CartStore; products: ProductLookup }, userId: string, atMost: number): Promise<CartView> {
  const lines = await deps.cart.listFor(userId, atMost);
  const total = lines.length < atMost ? lines.length : await deps.cart.count(userId);
  const products = new Map<string, CartProduct>();
  if (lines.length) for (const product of await deps.products.productsByIds([...new Set(lines.map((l) => l.productId))])) products.set(product.id, product);
  return { lines: lines.map((line) => priced(line, products.get(line.productId))), total };
}

function priced(line: CartLine, product: CartProduct | undefined): PricedCartLine {
  if (!product) return { ...line, title: 'No longer available', category: '', image: '', unitPrice: 0, price: 0, available: false, stock: 0 };
  return {
    ...line,
    title: product.title,
    ...(product.titleBn ? { titleBn: product.titleBn } : {}),
    ...bengaliChoice(product, line.size, line.color),
    category: product.category,
    image: product.images[0] ?? '',
    unitPrice: product.price,
    price: product.price * line.quantity,
    available: true,
    stock: availableFor(product.variants, line.size, line.color),
  };
}
