import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { readPage, sendPage, setTotalCount } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { checkInput, parseJsonBody } from '../../../platform/http/validate.js';
import { basisPointsToPercent, deliveryZones } from '../../../shared/money.js';
import type { AuthVariables, CurrentUser } from '../../identity/index.js';
import { changeStatus, removeOrder } from '../change-order.js';
import { orderStatuses, type Actor, type OrderStatus, type OrderState } from '../domain/order.js';
import { normalizeBdMobile } from '../domain/phone.js';
import { listAllOrders, listMyOrders } from '../list-orders.js';
import { orderEvents } from '../order-events.js';
import { placeOrder, type PlaceOrderDeps } from '../place-order.js';
import { readAudit } from '../read-audit.js';
import type { AuditReport } from '../verify-audit-log.js';

/** The spec's order, plus the server's breakdown of the total. */
export type OrderDto = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  deliveryLocation: string;
  paymentMethod: string;
  appliedCoupon: string | null;
  discountPercent: number;
  subtotal: number;
  discount: number;
  fee: number;
  amount: number;
  cartItems: OrderState['placed']['lines'];
  status: OrderStatus;
  orderTime: string;
};

export const orderDto = (s: OrderState): OrderDto => ({
  _id: s.id,
  name: s.placed.name,
  email: s.placed.owner.email,
  phone: s.placed.phone,
  address: s.placed.address,
  deliveryLocation: s.placed.deliveryLocation,
  paymentMethod: s.placed.paymentMethod,
  appliedCoupon: s.placed.appliedCoupon,
  discountPercent: basisPointsToPercent(s.placed.discountBasisPoints),
  subtotal: s.placed.subtotal,
  discount: s.placed.discount,
  fee: s.placed.fee,
  amount: s.placed.total,
  cartItems: s.placed.lines,
  status: s.status,
  orderTime: s.placedAt.toISOString(),
});

const productId = z.string().regex(/^[0-9a-f]{24}$/, 'productId is not a product id');

/**
 * The order body. Prices, discounts, totals, statuses, the email and the time are the server's:
 * the spec's other fields (email, discountPercent, cartItems, status, orderTime) are dropped;
 * `amount` is only compared with the server's total.
 */
const orderBody = z.object({
  name: z.string({ message: 'Full name is required' }).trim().min(1, 'Full name is required').max(80, 'Full name is at most 80 characters'),
  phone: z
    .string({ message: 'Phone number is required' })
    .transform((p, ctx) => {
      const normalised = normalizeBdMobile(p);
      if (!normalised) {
        ctx.addIssue({ code: 'custom', message: 'Enter a Bangladeshi mobile number such as 01712345678 (with or without +88)' });
        return z.NEVER;
      }
      return normalised;
    }),
  address: z.string({ message: 'Address is required' }).trim().min(1, 'Address is required').max(500, 'Address is at most 500 characters'),
  deliveryLocation: z.enum(deliveryZones, { message: 'Choose Inside Dhaka, Suburbs Dhaka or Outside Dhaka' }),
  paymentMethod: z.literal('Cash On Delivery', { message: 'Only Cash On Delivery is offered' }),
  appliedCoupon: z
    .string()
    .trim()
    .max(32)
    .nullish()
    .transform((c) => c || undefined),
  amount: z.number({ message: 'amount must be a number' }).int().min(0).max(10 ** 12).nullish().transform((a) => a ?? undefined),
  items: z
    .array(
      z.object({
        productId,
        size: z.string().trim().max(40).default(''),
        color: z.string().trim().max(40).default(''),
        quantity: z.number({ message: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1).max(99),
      }),
    )
    .length(1, 'Order Now takes exactly one item')
    .optional(),
});

const idempotencyKey = z.string().regex(/^[A-Za-z0-9_.:-]{8,200}$/, 'Idempotency-Key must be 8 to 200 letters, digits or -_.:');

const actorOf = (user: CurrentUser): Actor => ({ userId: user.id, email: user.email, role: user.role });

export type OrderingHttpDeps = PlaceOrderDeps & {
  /** For status changes and deletes: one synchronous transaction each (between order batches). */
  transaction: <T>(fn: () => T) => T;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireAdmin: MiddlewareHandler<{ Variables: AuthVariables }>;
  audit: () => AuditReport;
};

export function orderingRoutes(deps: OrderingHttpDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();

  app.post('/orders', deps.requireUser, async (c) => {
    const body = await parseJsonBody(c, orderBody);
    if (!body.ok) return sendError(c, body.error);
    const key = c.req.header('idempotency-key');
    if (key !== undefined) {
      const checked = checkInput(idempotencyKey, key);
      if (!checked.ok) return sendError(c, checked.error);
    }
    const result = await placeOrder(deps, actorOf(c.var.user), body.value, key);
    if (!result.ok) {
      const { retryAfterSeconds, ...error } = result.error;
      if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
      return sendError(c, error);
    }
    return c.json({ insertedId: result.value.order.id, order: orderDto(result.value.order) }, result.value.replayed ? 200 : 201);
  });

  app.get('/orders', deps.requireUser, (c) => {
    const page = readPage(c);
    if (!page.ok) return sendError(c, page.error);
    const listed = listMyOrders(deps, actorOf(c.var.user), c.req.query('email'), page.value);
    return listed.ok ? sendPage(c, listed.value, orderDto) : sendError(c, listed.error);
  });

  app.get('/allOrders', deps.requireAdmin, (c) => {
    const page = readPage(c);
    if (!page.ok) return sendError(c, page.error);
    const listed = listAllOrders(deps, actorOf(c.var.user), page.value);
    return listed.ok ? sendPage(c, listed.value, orderDto) : sendError(c, listed.error);
  });

  app.patch('/orders/:id', deps.requireAdmin, async (c) => {
    // Not a status at all is a bad request (400); Pending is one, but no admin can move an order back to it (409).
    const body = await parseJsonBody(c, z.object({ status: z.enum(orderStatuses, { message: 'status must be Pending, Confirmed or Canceled' }) }));
    if (!body.ok) return sendError(c, body.error);
    return sendResult(c, changeStatus(deps, actorOf(c.var.user), c.req.param('id'), body.value.status));
  });

  app.delete('/orders/:id', deps.requireUser, (c) => sendResult(c, removeOrder(deps, actorOf(c.var.user), c.req.param('id'))));

  app.get('/orders/:id/events', deps.requireUser, (c) => {
    const page = readPage(c);
    if (!page.ok) return sendError(c, page.error);
    const events = orderEvents(deps, actorOf(c.var.user), c.req.param('id'), page.value);
    if (!events.ok) return sendError(c, events.error);
    return sendPage(c, events.value, (e) => ({ seq: e.seq, type: e.type, at: e.at.toISOString(), actor: { email: e.actor.email, role: e.actor.role } }));
  });

  app.get('/audit', deps.requireAdmin, (c) => {
    const page = readPage(c);
    if (!page.ok) return sendError(c, page.error);
    const audit = readAudit(deps, actorOf(c.var.user), page.value);
    if (!audit.ok) return sendError(c, audit.error);
    const { report, latest } = audit.value;
    const events = latest.items.map((e) => ({ id: e.id, orderId: e.orderId, seq: e.seq, type: e.type, actorEmail: e.actor.email, at: e.at.toISOString(), hash: e.hash }));
    setTotalCount(c, latest.total);
    return c.json({ verified: report.verified, eventCount: report.eventCount, problem: report.problem, uncheckedEvents: report.unchecked ?? 0, events });
  });

  return app;
}
