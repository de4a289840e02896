import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import { availableFor, notEnoughMessage, variantToTake } from '../../shared/stock.js';
import { isOfferedChoice, mergedQuantity } from './domain/cart-line.js';
import type { CartLimits, CartStore, CartTransaction, ProductLookup } from './ports.js';

/**
 * Puts a product in the caller's cart. The server fills title, image, category and price from
 * the catalogue when the cart is read; here only the choice and the quantity are kept. The same
 * product, size and color again adds to that line. A line never holds more than its choice has in
 * stock now (checked, not reserved: placing the order takes the stock), nor more than
 * MAX_LINE_QUANTITY, and a new line is refused once the cart holds MAX_CART_LINES (issue 40). The
 * caller's transaction keeps check-then-write atomic.
 */
export async function addToCart(
  deps: { products: ProductLookup; clock: Clock; newId: IdGenerator; transaction: CartTransaction; limits: CartLimits },
  userId: string,
  input: { productId: string; quantity: number; size: string; color: string },
): Promise<Result<{ insertedId: string; merged: boolean }, AppError>> {
  const product = await deps.products.productById(input.productId);
  if (!product) return err(appError('cart/product-not-found', 'This product is no longer available.'));
  if (!isOfferedChoice(input.size, product.sizes)) {
    return err(appError('cart/invalid-choice', `"${input.size}" is not a size of ${product.title}.`));
  }
  if (!isOfferedChoice(input.color, product.colors)) {
    return err(appError('cart/invalid-choice', `"${input.color}" is not a color of ${product.title}.`));
  }
  if (input.quantity > deps.limits.maxLineQuantity) return err(quantityLimit(deps.limits.maxLineQuantity));
  // Twice at most: when another process added the same line between our look and our insert
  // (PostgreSQL, several processes), the second turn merges into it.
  for (let turn = 0; ; turn++) {
    const added = await deps.transaction((inTx) => addLine(deps, inTx, userId, input));
    if (added !== 'raced') return added;
    if (turn === 1) throw new Error('add to cart: the same line was added concurrently twice in a row');
  }
}

/** A line over MAX_LINE_QUANTITY (the spec's ceiling of 99 is checked at the edge). */
export const quantityLimit = (max: number, has?: number): AppError =>
  appError('cart/quantity-limit', `Your cart can hold at most ${max} of one item${has === undefined ? '' : ` (you have ${has})`}.`);

/** A new line past MAX_CART_LINES. */
export const tooManyLines = (max: number): AppError =>
  appError('cart/too-many-lines', `Your cart can hold at most ${max} different items. Remove some or order these first.`);

async function addLine(
  deps: { clock: Clock; newId: IdGenerator; limits: CartLimits },
  { cart, products }: { cart: CartStore; products: ProductLookup },
  userId: string,
  input: { productId: string; quantity: number; size: string; color: string },
): Promise<Result<{ insertedId: string; merged: boolean }, AppError> | 'raced'> {
  // The product again, as this transaction sees it: its stock may have moved since the first look.
  const product = await products.productById(input.productId);
  if (!product) return err(appError('cart/product-not-found', 'This product is no longer available.'));
  // A size or color left open is the variant an order would take from now (issue 33): the line
  // stores it, so the cart shows what will be sent. None holds the quantity: the checks below refuse.
  const variant = variantToTake(product.variants, input.size, input.color, input.quantity);
  if (variant) input = { ...input, size: variant.size, color: variant.color };
  const existing = await cart.find(userId, product.id, input.size, input.color);
  let quantity = input.quantity;
  if (existing) {
    const merged = mergedQuantity(existing.quantity, input.quantity, deps.limits.maxLineQuantity);
    if (merged === null) return err(quantityLimit(deps.limits.maxLineQuantity, existing.quantity));
    quantity = merged;
  } else {
    // Counted after the lock, in this transaction: two adds of one customer count one after another.
    await cart.lockLines(userId);
    if ((await cart.count(userId)) >= deps.limits.maxLines) return err(tooManyLines(deps.limits.maxLines));
  }
  const available = availableFor(product.variants, input.size, input.color);
  if (quantity > available) {
    const already = existing ? ` Your cart already has ${existing.quantity}.` : '';
    return err(appError('cart/out-of-stock', `${notEnoughMessage(product.title, input.size, input.color, available)}${already}`));
  }
  if (!existing) {
    const id = deps.newId();
    const inserted = await cart.insert({ id, userId, productId: product.id, size: input.size, color: input.color, quantity, createdAt: deps.clock.now() });
    return inserted ? ok({ insertedId: id, merged: false }) : 'raced';
  }
  await cart.setQuantity(existing.id, quantity);
  return ok({ insertedId: existing.id, merged: true });
}
