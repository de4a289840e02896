import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { sendError } from '../../../platform/http/respond.js';
import { idString } from '../../../platform/http/wire.js';
import type { AuthVariables, CurrentUser } from '../../identity/index.js';
import { advanceDto, advanceSchema, cashOnDelivery, orderNotFound, type Actor } from '../../ordering/index.js';
import { maxAttemptsPerOrder, paymentCallback, paymentOf, refundAdvance, startPayment, type PaymentsDeps } from '../use-cases.js';

const tag = 'Payments';
const orderId = { params: { id: idString }, badParams: orderNotFound() } as const;
const actorOf = (user: CurrentUser): Actor => ({ userId: user.id, email: user.email, role: user.role });

const paymentStart = z.object({
  provider: z.literal('bkash'),
  redirectUrl: z.string().meta({ description: "bKash's payment page." }),
  amount: z.number().int(),
  holdUntil: z.string().meta({ description: 'ISO 8601: unpaid by then, the order lapses.' }),
});

const paymentView = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  total: z.number().int(),
  payOnDelivery: z.number().int().meta({ description: 'What the courier collects: the total less the advance once paid (the total less the advance asked, while it waits).' }),
  advance: advanceSchema,
  latest: z
    .object({ state: z.enum(['created', 'completed', 'failed', 'canceled']), message: z.string().nullable(), at: z.string() })
    .nullable()
    .meta({ description: 'The latest payment sent to bKash for this order.' }),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  canRetry: z.boolean().meta({ description: 'The order still waits, its hold runs and attempts are left: POST /api/orders/:id/payment sends the shopper to bKash again.' }),
});

/** An id as bKash writes its paymentID (letters and digits): anything else finds no payment. */
const callbackQuery = z.object({
  paymentID: z.string().max(200).optional(),
  status: z.string().max(20).optional(),
  signature: z.string().max(200).optional().meta({ description: "bKash's; not checked (no public source says how it is made): the server asks bKash itself." }),
  apiVersion: z.string().max(40).optional(),
});

export function paymentRoutes(deps: PaymentsDeps & { requireUser: MiddlewareHandler<{ Variables: AuthVariables }>; requireStaff: StaffGuard }) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({ user: deps.requireUser as MiddlewareHandler, staff: deps.requireStaff });
  // One refund at a time per order in this process (two admins clicking at once ask bKash once); bounded by the orders being refunded.
  const refunding = new Set<string>();

  app.handle(
    {
      method: 'get',
      path: '/payments/bkash/callback',
      tag,
      access: 'public',
      summary: 'Where bKash sends the shopper back (issue 35)',
      description:
        "bKash's callbackURL: `paymentID` and `status` (success, failure, cancel). Not signed, so nothing is believed of it: on success the shop executes the payment with bKash (the money is taken then) and records what bKash answers; cancel and failure are noted and the order keeps waiting until its hold runs out. Always a redirect to the shop's page /pay/<order id>?result=paid|canceled|failed|pending|expired|unknown (bKash's code as `code` when it refused).",
      query: callbackQuery,
      answers: { 302: { description: "To the shop's payment page.", headers: { Location: '/pay/<order id>?result=...' } } },
    },
    async (c, { query }) => {
      const paymentId = query.paymentID ?? '';
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(paymentId)) return c.redirect('/pay?result=unknown', 302);
      const { redirectTo } = await paymentCallback(deps, paymentId, (query.status ?? '').toLowerCase());
      return c.redirect(redirectTo, 302);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/orders/:id/payment',
      tag,
      access: 'user',
      summary: "An order's advance payment (issue 35)",
      description: "For the order's owner and admins, while it asks an advance (also while it waits, when it is on no list). `check=1` asks bKash where the latest payment stands first (a page that was told 'pending').",
      ...orderId,
      query: z.object({ check: z.enum(['0', '1']).optional() }),
      answers: { 200: { description: 'The payment.', body: paymentView } },
      errors: ['ordering/order-not-found'],
    },
    async (c, { params, query }) => {
      const found = await paymentOf(deps, actorOf(c.var.user), params.id, query.check === '1');
      if (!found.ok) return sendError(c, found.error);
      const { order, latest, attempts } = found.value;
      const advance = order.advance;
      if (!advance) return sendError(c, orderNotFound());
      const waiting = advance.status === 'awaiting' && deps.clock.now().getTime() < new Date(advance.holdUntil).getTime();
      return c.json({
        orderId: order.id,
        orderNumber: order.placed.orderNumber ?? 0,
        total: order.placed.total,
        payOnDelivery: advance.status === 'awaiting' ? order.placed.total - advance.amount : cashOnDelivery(order.placed.total, advance),
        advance: advanceDto(advance),
        latest: latest ? { state: latest.state, message: latest.message, at: latest.updatedAt.toISOString() } : null,
        attempts,
        maxAttempts: maxAttemptsPerOrder,
        canRetry: waiting && attempts < maxAttemptsPerOrder && Boolean(deps.gateway),
      });
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/orders/:id/payment',
      tag,
      access: 'user',
      summary: "Pay an order's advance by bKash (again)",
      description: `For the order's owner while it waits for its advance and its hold runs: a new payment at bKash, whose page the shopper is sent to (at most ${maxAttemptsPerOrder} per order).`,
      ...orderId,
      answers: { 200: { description: 'Send the shopper to redirectUrl.', body: z.object({ payment: paymentStart }) } },
      errors: ['ordering/order-not-found', 'payments/not-configured', 'payments/not-awaiting', 'payments/hold-over', 'payments/too-many-attempts', 'payments/unavailable', 'payments/refused'],
    },
    async (c, { params }) => {
      const started = await startPayment(deps, actorOf(c.var.user), params.id);
      if (!started.ok) return sendError(c, started.error);
      const advance = started.value.order.advance;
      if (!advance) return sendError(c, orderNotFound());
      return c.json({ payment: { provider: 'bkash' as const, redirectUrl: started.value.redirectUrl, amount: advance.amount, holdUntil: advance.holdUntil } });
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/orders/:id/refund',
      tag,
      access: 'staff',
      permission: 'money.manage',
      summary: "Refund an order's bKash advance (issue 35)",
      description:
        "For a canceled order, or one whose parcel came back, with an advance paid: bKash refunds `amount` taka (the advance paid when absent) with the admin's `reason`, and the order's log records bKash's refund transaction (AdvanceRefunded). bKash is asked first whether a refund exists, so a refund whose answer was lost is recorded, never made twice.",
      ...orderId,
      body: z.object({
        reason: z.string({ message: 'Say why you refund' }).trim().min(1, 'Say why you refund').max(200, 'The reason is at most 200 characters'),
        amount: z.number({ message: 'The amount must be a number of taka' }).int('The amount must be whole taka').min(1, 'The amount is at least 1 taka').optional(),
      }),
      answers: { 200: { description: 'Refunded.', body: z.object({ advance: advanceSchema }) } },
      errors: ['ordering/order-not-found', 'ordering/illegal-transition', 'payments/not-configured', 'payments/not-refundable', 'payments/refused', 'payments/unavailable'],
    },
    async (c, { params, body }) => {
      if (refunding.has(params.id)) return sendError(c, { code: 'payments/unavailable', message: 'A refund of this order is under way. Wait a moment, then look again.' });
      refunding.add(params.id);
      try {
        const refunded = await refundAdvance(deps, actorOf(c.var.user), params.id, body);
        if (!refunded.ok) return sendError(c, refunded.error);
        const advance = refunded.value.advance;
        return advance ? c.json({ advance: advanceDto(advance) }) : sendError(c, orderNotFound());
      } finally {
        refunding.delete(params.id);
      }
    },
  );

  return app;
}
