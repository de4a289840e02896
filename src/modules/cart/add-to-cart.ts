import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import { isOfferedChoice, maxQuantityPerLine, mergedQuantity } from './domain/cart-line.js';
import type { CartStore, ProductLookup } from './ports.js';

/**
 * Puts a product in the caller's cart. The server fills title, image, category and price from
 * the catalogue when the cart is read; here only the choice and the quantity are kept. The same
 * product, size and color again adds to that line. The caller's transaction keeps check-then-write atomic.
 */
export function addToCart(
  deps: { cart: CartStore; products: ProductLookup; clock: Clock; newId: IdGenerator; transaction: <T>(fn: () => T) => T },
  userId: string,
  input: { productId: string; quantity: number; size: string; color: string },
): Result<{ insertedId: string; merged: boolean }, AppError> {
  const product = deps.products.productById(input.productId);
  if (!product) return err(appError('cart/product-not-found', 'This product is no longer available.'));
  if (!isOfferedChoice(input.size, product.sizes)) {
    return err(appError('cart/invalid-choice', `"${input.size}" is not a size of ${product.title}.`));
  }
  if (!isOfferedChoice(input.color, product.colors)) {
    return err(appError('cart/invalid-choice', `"${input.color}" is not a color of ${product.title}.`));
  }
  return deps.transaction(() => {
    const existing = deps.cart.find(userId, product.id, input.size, input.color);
    if (!existing) {
      const id = deps.newId();
      deps.cart.insert({ id, userId, productId: product.id, size: input.size, color: input.color, quantity: input.quantity, createdAt: deps.clock.now() });
      return ok({ insertedId: id, merged: false });
    }
    const quantity = mergedQuantity(existing.quantity, input.quantity);
    if (quantity === null) {
      return err(appError('cart/quantity-limit', `Your cart can hold at most ${maxQuantityPerLine} of one item (you have ${existing.quantity}).`));
    }
    deps.cart.setQuantity(existing.id, quantity);
    return ok({ insertedId: existing.id, merged: true });
  });
}
