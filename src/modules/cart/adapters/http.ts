import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ContractRouter } from '../../../platform/http/contract.js';
import { setTotalCount } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { deletedAnswer, insertedAnswer, modifiedAnswer, numberOrItsText } from '../../../platform/http/wire.js';
import type { Clock } from '../../../shared/clock.js';
import { appError } from '../../../shared/errors.js';
import { idPattern, type IdGenerator } from '../../../shared/ids.js';
import type { AuthVariables } from '../../identity/index.js';
import { addToCart } from '../add-to-cart.js';
import { changeQuantity } from '../change-quantity.js';
import { maxQuantityPerLine } from '../domain/cart-line.js';
import type { CartLimits, CartStore, CartTransaction, ProductLookup } from '../ports.js';
import { viewCart, type PricedCartLine } from '../view-cart.js';

/** The spec's cart item. */
export const cartItemSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  title: z.string(),
  titleBn: z.string().optional().meta({ description: "The product's Bengali title (issue 18), absent when it has none." }),
  quantity: z.number().int(),
  price: z.number().int().meta({ description: 'unitPrice x quantity, from the catalogue now.' }),
  unitPrice: z.number().int(),
  email: z.string(),
  image: z.string(),
  category: z.string(),
  size: z.string(),
  color: z.string(),
  sizeBn: z.string().optional().meta({ description: "The size's Bengali name (issue 33), absent when it has none; size stays the key." }),
  colorBn: z.string().optional().meta({ description: "The color's Bengali name (issue 33), absent when it has none; color stays the key." }),
  available: z.boolean().meta({ description: 'False once the product is gone from the catalogue.' }),
  stock: z.number().int().meta({ description: "How many this line's size and color can hold now (0 once the product is gone)." }),
});
export type CartItemDto = z.infer<typeof cartItemSchema>;

const toDto = (line: PricedCartLine, email: string): CartItemDto => ({
  _id: line.id,
  productId: line.productId,
  title: line.title,
  ...(line.titleBn ? { titleBn: line.titleBn } : {}),
  quantity: line.quantity,
  price: line.price,
  unitPrice: line.unitPrice,
  email,
  image: line.image,
  category: line.category,
  size: line.size,
  color: line.color,
  ...(line.sizeBn ? { sizeBn: line.sizeBn } : {}),
  ...(line.colorBn ? { colorBn: line.colorBn } : {}),
  available: line.available,
  stock: line.stock,
});

const quantityNumber = z
  .number({ message: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(maxQuantityPerLine, `Quantity is at most ${maxQuantityPerLine}`);

// The original client sends the form field's text ("2"; issue 19).
const quantitySchema = numberOrItsText(quantityNumber, 'Quantity must be a number').meta({ description: `A whole number from 1 to ${maxQuantityPerLine}, or the same as text ("2").` });

/** Issue 33, decision 055: an open size or color is completed by the server, and the line stores what it took. */
const openChoice = (what: 'size' | 'color') =>
  `One of the product's ${what}s, or "" (or absent) to leave it open: the line then stores the ${what} of the first variant in stock that holds the quantity, the one an order takes. A ${what} the product has not answers 400 cart/invalid-choice.`;

/** Only the choice counts; title, price, image, category or email sent by the browser are ignored. */
const addBody = z.object({
  productId: z.string({ message: 'productId is required' }).regex(idPattern, 'productId is not a product id'),
  quantity: quantitySchema,
  size: z.string().trim().max(40).default('').meta({ description: openChoice('size') }),
  color: z.string().trim().max(40).default('').meta({ description: openChoice('color') }),
});

const changeBody = z.object({ quantity: quantitySchema });
const changedAnswer = modifiedAnswer.extend({ quantity: z.number().int() });

const tag = 'Cart';

export function cartRoutes(deps: {
  cart: CartStore;
  products: ProductLookup;
  clock: Clock;
  newId: IdGenerator;
  transaction: CartTransaction;
  limits: CartLimits;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({ user: deps.requireUser as MiddlewareHandler });

  app.handle(
    {
      method: 'get',
      path: '/carts',
      tag,
      access: 'user',
      summary: "The caller's cart, priced now",
      description:
        'At most MAX_CART_LINES lines, newest first: a cart stored before the bound (issue 40) answers its newest ones, ' +
        'and X-Total-Count says how many it holds; removing lines brings the older ones in.',
      query: z.object({ email: z.string().optional().meta({ description: "The caller's own email (optional; any other is refused)." }) }),
      answers: {
        200: { description: 'Every line, newest first (the newest MAX_CART_LINES of a larger cart).', body: z.array(cartItemSchema), headers: { 'X-Total-Count': 'How many lines the cart holds.' } },
      },
      errors: ['auth/forbidden'],
    },
    async (c, { query }) => {
      const { user } = c.var;
      if (query.email !== undefined && query.email.trim().toLowerCase() !== user.email) {
        return sendError(c, appError('auth/forbidden', 'You can only see your own cart.'));
      }
      const { lines, total } = await viewCart(deps, user.id, deps.limits.maxLines);
      setTotalCount(c, total);
      return c.json(lines.map((line) => toDto(line, user.email)));
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/carts',
      tag,
      access: 'user',
      summary: 'Add a product to the cart',
      description:
        'The same product, size and color as a line already there adds to its quantity (200, merged). ' +
        'A line never holds more than its size and color have in stock now (409 cart/out-of-stock, nothing stored), ' +
        'nor more than MAX_LINE_QUANTITY (409 cart/quantity-limit); a new line is refused once the cart holds MAX_CART_LINES (409 cart/too-many-lines).',
      body: addBody,
      answers: {
        201: { description: 'A new line.', body: insertedAnswer },
        200: { description: 'Merged into the line already there.', body: insertedAnswer.extend({ merged: z.literal(true) }) },
      },
      errors: ['cart/product-not-found', 'cart/invalid-choice', 'cart/quantity-limit', 'cart/too-many-lines', 'cart/out-of-stock'],
    },
    async (c, { body }) => {
      const result = await addToCart(deps, c.var.user.id, body);
      return sendResult(c, result, result.ok && !result.value.merged ? 201 : 200);
    },
  );

  app.handle(
    {
      method: 'patch',
      path: '/carts/:id',
      tag,
      access: 'user',
      summary: "Change the quantity of a line in the caller's cart",
      description: "At most what the line's size and color have in stock now (409 cart/out-of-stock, nothing changed), and MAX_LINE_QUANTITY (409 cart/quantity-limit).",
      params: { id: z.string() },
      body: changeBody,
      answers: { 200: { description: 'The line holds `quantity` now.', body: changedAnswer } },
      errors: ['cart/line-not-found', 'cart/product-not-found', 'cart/quantity-limit', 'cart/out-of-stock'],
    },
    async (c, { params, body }) => sendResult(c, await changeQuantity(deps, c.var.user.id, { lineId: params.id, quantity: body.quantity })),
  );

  app.handle(
    {
      method: 'delete',
      path: '/carts/:id',
      tag,
      access: 'user',
      summary: 'Remove a line from the cart',
      params: { id: z.string() },
      answers: { 200: { description: 'Removed.', body: deletedAnswer } },
      errors: ['cart/line-not-found'],
    },
    async (c, { params }) => {
      // Another customer's line is answered exactly like a missing one: it is not theirs to know about.
      const deletedCount = await deps.cart.deleteOwn(params.id, c.var.user.id);
      if (!deletedCount) return sendError(c, appError('cart/line-not-found', 'This item is not in your cart.'));
      return c.json({ deletedCount });
    },
  );

  return app;
}
