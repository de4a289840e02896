import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { availableFor, notEnoughMessage } from '../../shared/stock.js';
import { quantityLimit } from './add-to-cart.js';
import type { CartLimits, CartTransaction } from './ports.js';

/**
 * Sets the quantity of one of the caller's own cart lines (1..99, checked at the edge; at most
 * MAX_LINE_QUANTITY, issue 40). Never more
 * than its choice has in stock now; lowering a line is refused too while it is still above that,
 * so the answer always says how many there are. Read, check and write in one transaction.
 */
export async function changeQuantity(
  deps: { transaction: CartTransaction; limits: Pick<CartLimits, 'maxLineQuantity'> },
  userId: string,
  input: { lineId: string; quantity: number },
): Promise<Result<{ modifiedCount: number; quantity: number }, AppError>> {
  if (input.quantity > deps.limits.maxLineQuantity) return err(quantityLimit(deps.limits.maxLineQuantity));
  return deps.transaction(async ({ cart, products }) => {
    // Another customer's line is answered exactly like a missing one: it is not theirs to know about.
    const line = await cart.findOwn(input.lineId, userId);
    if (!line) return err(appError('cart/line-not-found', 'This item is not in your cart.'));
    const product = await products.productById(line.productId);
    if (!product) return err(appError('cart/product-not-found', 'This product is no longer available. Remove it from your cart.'));
    const available = availableFor(product.variants, line.size, line.color);
    if (input.quantity > available) {
      return err(appError('cart/out-of-stock', notEnoughMessage(product.title, line.size, line.color, available)));
    }
    if (input.quantity !== line.quantity) await cart.setQuantity(line.id, input.quantity);
    return ok({ modifiedCount: 1, quantity: input.quantity });
  });
}
