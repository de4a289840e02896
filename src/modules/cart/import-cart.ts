import type { CartLine } from './domain/cart-line.js';
import type { CartStore } from './ports.js';

/** A cart line of the old shop (issue 19, decision 041), its quantity a number and its product checked. */
export type CartLineToImport = CartLine;

/**
 * A line of a customer's cart. The cart holds a product, size and color once: a line that repeats
 * one (the old shop stored each Add to Cart apart) is left out, and so is a line whose id exists.
 */
export async function importCartLine(cart: CartStore, line: CartLineToImport, dryRun: boolean): Promise<{ outcome: 'added' | 'exists' | 'merged' }> {
  const same = await cart.find(line.userId, line.productId, line.size, line.color);
  if (same) return { outcome: same.id === line.id ? 'exists' : 'merged' };
  if (!dryRun && !(await cart.insert(line))) return { outcome: 'exists' };
  return { outcome: 'added' };
}
