import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { parseJsonBody } from '../../../platform/http/validate.js';
import type { Clock } from '../../../shared/clock.js';
import { appError } from '../../../shared/errors.js';
import type { IdGenerator } from '../../../shared/ids.js';
import type { AuthVariables } from '../../identity/index.js';
import { addToCart } from '../add-to-cart.js';
import { maxQuantityPerLine } from '../domain/cart-line.js';
import type { CartStore, ProductLookup } from '../ports.js';
import { viewCart, type PricedCartLine } from '../view-cart.js';

/** The spec's cart item. */
export type CartItemDto = {
  _id: string;
  productId: string;
  title: string;
  quantity: number;
  price: number;
  unitPrice: number;
  email: string;
  image: string;
  category: string;
  size: string;
  color: string;
  available: boolean;
};

const toDto = (line: PricedCartLine, email: string): CartItemDto => ({
  _id: line.id,
  productId: line.productId,
  title: line.title,
  quantity: line.quantity,
  price: line.price,
  unitPrice: line.unitPrice,
  email,
  image: line.image,
  category: line.category,
  size: line.size,
  color: line.color,
  available: line.available,
});

/** Only the choice counts; title, price, image, category or email sent by the browser are ignored. */
const addBody = z.object({
  productId: z.string({ message: 'productId is required' }).regex(/^[0-9a-f]{24}$/, 'productId is not a product id'),
  quantity: z
    .number({ message: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(maxQuantityPerLine, `Quantity is at most ${maxQuantityPerLine}`),
  size: z.string().trim().max(40).default(''),
  color: z.string().trim().max(40).default(''),
});

export function cartRoutes(deps: {
  cart: CartStore;
  products: ProductLookup;
  clock: Clock;
  newId: IdGenerator;
  transaction: <T>(fn: () => T) => T;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();

  app.get('/carts', deps.requireUser, (c) => {
    const { user } = c.var;
    const asked = c.req.query('email');
    if (asked !== undefined && asked.trim().toLowerCase() !== user.email) {
      return sendError(c, appError('auth/forbidden', 'You can only see your own cart.'));
    }
    return c.json(viewCart(deps, user.id).map((line) => toDto(line, user.email)));
  });

  app.post('/carts', deps.requireUser, async (c) => {
    const body = await parseJsonBody(c, addBody);
    if (!body.ok) return sendError(c, body.error);
    const result = addToCart(deps, c.var.user.id, body.value);
    return sendResult(c, result, result.ok && !result.value.merged ? 201 : 200);
  });

  app.delete('/carts/:id', deps.requireUser, (c) => {
    // Another customer's line is answered exactly like a missing one: it is not theirs to know about.
    const deletedCount = deps.cart.deleteOwn(c.req.param('id'), c.var.user.id);
    if (!deletedCount) return sendError(c, appError('cart/line-not-found', 'This item is not in your cart.'));
    return c.json({ deletedCount });
  });

  return app;
}
