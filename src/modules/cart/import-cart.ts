import type { CartLine } from './domain/cart-line.js';
import type { CartLimits, CartStore } from './ports.js';

/** A cart line of the old shop (issue 19, decision 041), its quantity a number and its product checked. */
export type CartLineToImport = CartLine;

export type ImportedCartLineOutcome = { outcome: 'added' | 'exists' | 'merged' } | { outcome: 'rejected'; reason: string };

/**
 * A line of a customer's cart. The cart holds a product, size and color once: a line that repeats
 * one (the old shop stored each Add to Cart apart) is left out, and so is a line whose id exists.
 * What the live API refuses is refused here too (issue 40): a quantity over MAX_LINE_QUANTITY, a
 * new line once the cart holds MAX_CART_LINES (a dry run does not count the lines it would add).
 */
export async function importCartLine(cart: CartStore, line: CartLineToImport, dryRun: boolean, limits: CartLimits): Promise<ImportedCartLineOutcome> {
  const same = await cart.find(line.userId, line.productId, line.size, line.color);
  if (same) return { outcome: same.id === line.id ? 'exists' : 'merged' };
  if (line.quantity > limits.maxLineQuantity) return { outcome: 'rejected', reason: `a quantity of ${line.quantity}, over MAX_LINE_QUANTITY (${limits.maxLineQuantity})` };
  if ((await cart.count(line.userId)) >= limits.maxLines) return { outcome: 'rejected', reason: `the cart holds MAX_CART_LINES (${limits.maxLines}) lines already` };
  if (!dryRun && !(await cart.insert(line))) return { outcome: 'exists' };
  return { outcome: 'added' };
}
