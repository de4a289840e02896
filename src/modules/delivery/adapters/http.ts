import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { clientAddress } from '../../../platform/http/client-address.js';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { pageFields, pageQuerySchema, sendPage } from '../../../platform/http/paging.js';
import { sendError } from '../../../platform/http/respond.js';
import { idString, pageAnswer, typedDigits } from '../../../platform/http/wire.js';
import type { RateLimiter } from '../../../platform/rate-limit.js';
import { districts, zoneOf } from '../../../shared/bd-areas.js';
import { appError } from '../../../shared/errors.js';
import { addDays, dhakaDay, dhakaDayStart } from '../../../shared/shop-time.js';
import type { AuthVariables, CurrentUser } from '../../identity/index.js';
import { roleCan } from '../../../shared/permissions.js';
import { dayField, deliveryDto, orderNotFound, packingDeliveryDto, parcelStatuses, type Actor, type OrderState } from '../../ordering/index.js';
import { courierNames, courierTitles, maxOrdersPerBooking, type CourierName } from '../domain/delivery.js';
import type { StoredBooking } from '../stores.js';
import { bookingsOf, cancelBooking, receiveReturn, recordBookingByHand, recordPayout, refreshParcel, receiveWebhook, requestBookings, track, type DeliveryDeps } from '../use-cases.js';

const tag = 'Delivery';
const courierEnum = z.enum(courierNames, { message: 'courier must be steadfast, pathao or redx' });
const orderId = { params: { id: idString }, badParams: orderNotFound() } as const;
const actorOf = (user: CurrentUser): Actor => ({ userId: user.id, email: user.email, role: user.role });

const bookingResultSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int().nullable(),
  outcome: z.enum(['booked', 'queued', 'failed', 'refused']).meta({
    description: 'booked: the courier took it (its ids follow). queued: not yet (the courier is slow or down; the shop tries again on its own). failed: the courier refused it. refused: the order cannot be booked (message says why).',
  }),
  message: z.string().nullable(),
  consignmentId: z.string().nullable(),
  trackingCode: z.string().nullable(),
});

const bookingSchema = z.object({
  id: z.string(),
  courier: courierEnum,
  state: z.enum(['queued', 'booked', 'failed', 'withdrawn']),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  requestedBy: z.string().meta({ description: "The admin's email." }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const bookingDto = (b: StoredBooking): z.infer<typeof bookingSchema> => ({
  id: b.id,
  courier: b.courier,
  state: b.state,
  attempts: b.attempts,
  nextAttemptAt: b.nextAttemptAt.toISOString(),
  lastError: b.lastError,
  requestedBy: b.requestedBy.email,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

const deliveryAnswer = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  status: z.string(),
  delivery: z.unknown().nullable().meta({ description: "The order's parcel, as GET /api/orders/{id} shows it; to those who only pack (issue 36), without its money, as GET /api/packing/orders shows it." }),
});
/** The order's parcel after a change: its money (what the courier collects, charges, pays out) only to those who read orders' prices (issue 36). */
const parcelAnswer = (order: OrderState, user: CurrentUser) => ({
  _id: order.id,
  orderNumber: order.placed.orderNumber ?? 0,
  status: order.status,
  delivery: order.delivery ? (roleCan(user.role, 'orders.read') ? deliveryDto(order.delivery) : packingDeliveryDto(order.delivery)) : null,
});

const taka = z.number().int().min(0).max(10_000_000);
const stockLine = z.object({ productId: z.string().max(64), size: z.string().max(40), color: z.string().max(40), quantity: z.number().int().min(0).max(100_000) });

const cashQuery = z
  .object({
    from: dayField('from').meta({ description: 'The first day (YYYY-MM-DD, Dhaka time), included; 29 days before `to` when absent.' }),
    to: dayField('to').meta({ description: 'The last day (YYYY-MM-DD, Dhaka time), included; today when absent.' }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });

const cashSchema = z.object({
  courier: courierEnum,
  heldParcels: z.number().int().meta({ description: 'Delivered (whole or in part) and not paid out yet, whenever delivered: what the courier holds now.' }),
  heldAmount: z.number().int(),
  heldCharges: z.number().int().meta({ description: "Of that cash, the courier's charges as reported: it pays out heldAmount - heldCharges." }),
  deliveredParcels: z.number().int().meta({ description: 'Delivered in the period (whole or in part).' }),
  collectedAmount: z.number().int(),
  settledParcels: z.number().int().meta({ description: 'Paid out in the period.' }),
  settledAmount: z.number().int(),
  settledFees: z.number().int(),
  returnedParcels: z.number().int().meta({ description: 'Returned in the period.' }),
  returnCharges: z.number().int(),
  returnsReceived: z.number().int().meta({ description: 'Of them, received back at the shop.' }),
});
const cashReportSchema = z.object({ from: z.string(), to: z.string(), couriers: z.array(cashSchema) });

/** The period of a cash query: Dhaka days, `to` today and `from` 29 days before it when absent. */
const periodOf = (q: { from?: string | undefined; to?: string | undefined }, now: Date) => {
  const to = q.to ?? dhakaDay(now);
  const from = q.from ?? addDays(to, -29);
  return { from, to, start: dhakaDayStart(from), end: dhakaDayStart(to, 1) };
};

const cashColumns = ['courier', 'held parcels', 'held amount', 'held charges', 'delivered parcels', 'collected amount', 'settled parcels', 'settled amount', 'settled fees', 'returned parcels', 'return charges', 'returns received'];

let areas: unknown = null;
/** The districts with each thana's zone, built once. */
const areasAnswer = () =>
  (areas ??= [...districts]
    .sort((a, b) => a.en.localeCompare(b.en))
    .map((d) => ({ id: d.id, en: d.en, bn: d.bn, division: d.division, thanas: d.thanas.map((t) => ({ en: t.en, bn: t.bn, zone: zoneOf(d.id, t.en) })) })));

/** The delivery module's routes (issue 34). */
export function deliveryRoutes(
  deps: DeliveryDeps & {
    runWorker: () => Promise<unknown>;
    bookingWaitMs: number;
    trackLimiter: RateLimiter;
    trustProxy: number | boolean;
    requireStaff: StaffGuard;
  },
) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter<{ Variables: AuthVariables }>({ staff: deps.requireStaff });

  app.handle(
    {
      method: 'post',
      path: '/shipments',
      tag,
      access: 'staff',
      permission: 'orders.pack',
      summary: 'Book Confirmed orders with a courier',
      description: `Up to ${maxOrdersPerBooking} orders at once. Each order's booking is queued and tried at once; the answer waits a few seconds for the courier and says, per order, booked (with its tracking code), queued (the courier is slow or down: the shop keeps trying), failed (the courier refused it) or refused (not bookable). The order number is the courier's invoice: an order is never booked twice.`,
      body: z.object({
        orderIds: z.array(idString).min(1, 'Choose at least one order').max(maxOrdersPerBooking, `At most ${maxOrdersPerBooking} orders at once`),
        courier: courierEnum,
      }),
      answers: { 200: { description: 'One result per order, in the order asked.', body: z.object({ courier: courierEnum, results: z.array(bookingResultSchema) }) } },
      errors: ['delivery/courier-not-configured', 'delivery/too-many-orders'],
    },
    async (c, { body }) => {
      const results = await requestBookings({ ...deps, waitMs: deps.bookingWaitMs }, actorOf(c.var.user), body.orderIds, body.courier);
      if (!results.ok) return sendError(c, results.error);
      return c.json({ courier: body.courier, results: results.value }, 200);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/shipments/couriers',
      tag,
      access: 'staff',
      permission: 'orders.pack',
      summary: 'The couriers this shop can book with',
      answers: { 200: { description: 'Every courier, and whether its keys are set.', body: z.array(z.object({ courier: courierEnum, title: z.string(), configured: z.boolean() })) } },
    },
    (c) => c.json(courierNames.map((courier) => ({ courier, title: courierTitles[courier], configured: deps.couriers[courier] !== undefined })), 200),
  );

  app.handle(
    {
      method: 'get',
      path: '/orders/:id/bookings',
      tag,
      access: 'staff',
      permission: ['orders.pack', 'orders.read'],
      summary: "An order's bookings with couriers, newest first",
      ...orderId,
      query: pageQuerySchema,
      answers: { 200: pageAnswer('A page of bookings.', bookingSchema) },
      errors: ['ordering/order-not-found'],
    },
    async (c, { params, query }) => {
      const page = await bookingsOf(deps, params.id, query);
      if (!page.ok) return sendError(c, page.error);
      return sendPage(c, page.value, bookingDto);
    },
  );

  const parcelErrors = ['ordering/order-not-found', 'ordering/illegal-transition', 'delivery/courier-not-configured', 'delivery/courier-refused', 'delivery/courier-unavailable'] as const;

  app.handle(
    {
      method: 'post',
      path: '/orders/:id/parcel/refresh',
      tag,
      access: 'staff',
      permission: 'orders.pack',
      summary: 'Ask the courier where the parcel is',
      description: 'What moved is recorded in the order log, as a webhook would; a status the parcel passed already changes nothing.',
      ...orderId,
      answers: { 200: { description: "The order's parcel now.", body: deliveryAnswer } },
      errors: parcelErrors,
    },
    async (c, { params }) => {
      const result = await refreshParcel(deps, params.id);
      return result.ok ? c.json(parcelAnswer(result.value, c.var.user), 200) : sendError(c, result.error);
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/orders/:id/parcel/cancel',
      tag,
      access: 'staff',
      permission: 'orders.pack',
      summary: 'Cancel a booking before the courier picked the parcel up',
      description: "Cancels it with the courier, then in the log: the order can be booked again. A courier whose API has no cancel call answers delivery/courier-refused: cancel it in the courier's portal, then send canceledAtCourier: true.",
      ...orderId,
      body: z.object({
        canceledAtCourier: z.boolean().default(false).meta({ description: "The booking was canceled in the courier's portal already: only the log is written." }),
        reason: z.string().trim().max(200).optional(),
      }),
      answers: { 200: { description: 'The order, its parcel gone.', body: deliveryAnswer } },
      errors: parcelErrors,
    },
    async (c, { params, body }) => {
      const result = await cancelBooking(deps, actorOf(c.var.user), params.id, { canceledAtCourier: body.canceledAtCourier, reason: body.reason });
      return result.ok ? c.json(parcelAnswer(result.value, c.var.user), 200) : sendError(c, result.error);
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/orders/:id/parcel',
      tag,
      access: 'staff',
      permission: 'orders.pack',
      summary: "Record a booking made in the courier's portal",
      description: "For a parcel booked by hand, or one the courier has although the shop's attempt timed out (its booking failed: the courier already has the invoice). The courier's webhooks then find it by its consignment id.",
      ...orderId,
      body: z.object({ courier: courierEnum, consignmentId: z.string().trim().min(1, 'Give the consignment id').max(60), trackingCode: z.string().trim().min(1, 'Give the tracking code').max(60) }),
      answers: { 200: { description: 'The order, booked.', body: deliveryAnswer } },
      errors: ['ordering/order-not-found', 'ordering/illegal-transition'],
    },
    async (c, { params, body }) => {
      const result = await recordBookingByHand(deps, actorOf(c.var.user), params.id, body);
      return result.ok ? c.json(parcelAnswer(result.value, c.var.user), 200) : sendError(c, result.error);
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/orders/:id/parcel/receive',
      tag,
      access: 'staff',
      permission: 'orders.pack',
      summary: 'Receive a returned parcel back: its stock comes back',
      description: 'A returned parcel gives back all the order took. A partly delivered one gives back the lines sent (each at most what the order took of that variant; none sent: nothing came back).',
      ...orderId,
      body: z.object({ lines: z.array(stockLine).max(200).optional() }),
      answers: { 200: { description: 'The order, its parcel received.', body: deliveryAnswer } },
      errors: ['ordering/order-not-found', 'ordering/illegal-transition'],
    },
    async (c, { params, body }) => {
      const result = await receiveReturn(deps, actorOf(c.var.user), params.id, body.lines);
      return result.ok ? c.json(parcelAnswer(result.value, c.var.user), 200) : sendError(c, result.error);
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/shipments/payouts',
      tag,
      access: 'staff',
      permission: 'money.manage',
      summary: "Record a courier's payout of delivered parcels",
      description: "Each parcel's Settled event: the payout's reference, what the shop received (by default the cash collected less the courier's charge) and the courier's fee (by default its charge).",
      body: z.object({
        courier: courierEnum,
        reference: z.string().trim().min(1, 'Give the payout its reference').max(100),
        parcels: z.array(z.object({ orderId: idString, amount: taka.optional(), fee: taka.optional() })).min(1, 'Choose at least one parcel').max(maxOrdersPerBooking),
      }),
      answers: { 200: { description: 'One result per parcel.', body: z.object({ results: z.array(z.object({ orderId: z.string(), settled: z.boolean(), message: z.string().nullable() })) }) } },
      errors: ['delivery/too-many-orders'],
    },
    async (c, { body }) => {
      const results = await recordPayout(deps, actorOf(c.var.user), body.courier, body.reference, body.parcels);
      return results.ok ? c.json({ results: results.value }, 200) : sendError(c, results.error);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/shipments/unsettled',
      tag,
      access: 'staff',
      permission: ['money.manage', 'sales.read'],
      summary: "A courier's delivered parcels not paid out yet, oldest first",
      query: z.object({ ...pageFields, courier: courierEnum }),
      answers: {
        200: pageAnswer(
          'A page of parcels.',
          z.object({ orderId: z.string(), orderNumber: z.number().int(), consignmentId: z.string(), trackingCode: z.string(), status: z.enum(parcelStatuses), collectedAmount: z.number().int().nullable(), deliveryCharge: z.number().int().nullable(), finalAt: z.string().nullable() }),
        ),
      },
    },
    async (c, { query }) => {
      const page = await deps.parcels.unsettled(query.courier, { limit: query.limit, offset: query.offset });
      return sendPage(c, page, (p) => ({ orderId: p.orderId, orderNumber: p.orderNumber, consignmentId: p.consignmentId, trackingCode: p.trackingCode, status: p.status, collectedAmount: p.collectedAmount, deliveryCharge: p.deliveryCharge, finalAt: p.finalAt?.toISOString() ?? null }));
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/stats/courier-cash',
      tag: 'Stats',
      access: 'staff',
      permission: 'sales.read',
      summary: 'Cash the couriers hold, their payouts and fees, returns and their costs, per courier',
      query: cashQuery,
      answers: { 200: { description: 'The period and one row per courier with parcels in it (or holding cash).', body: cashReportSchema } },
    },
    async (c, { query }) => {
      const period = periodOf(query, deps.clock.now());
      return c.json({ from: period.from, to: period.to, couriers: await deps.parcels.cash(period.start, period.end) }, 200);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/stats/courier-cash.csv',
      tag: 'Stats',
      access: 'staff',
      permission: 'sales.read',
      summary: 'The courier cash report as CSV',
      query: cashQuery,
      answers: { 200: { description: 'One line per courier, with a header line.', type: 'text/csv' } },
    },
    async (c, { query }) => {
      const period = periodOf(query, deps.clock.now());
      const rows = await deps.parcels.cash(period.start, period.end);
      const lines = [cashColumns, ...rows.map((r) => [courierTitles[r.courier], r.heldParcels, r.heldAmount, r.heldCharges, r.deliveredParcels, r.collectedAmount, r.settledParcels, r.settledAmount, r.settledFees, r.returnedParcels, r.returnCharges, r.returnsReceived])];
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="courier-cash-${period.from}-to-${period.to}.csv"`);
      return c.body(lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n', 200);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/areas',
      tag,
      access: 'public',
      summary: "Bangladesh's 64 districts and their thanas / upazilas, for the checkout",
      description: 'Shipped with the shop (src/shared/bd-areas.ts, from nuhil/bangladesh-geocode, MIT, with the city thanas added); each thana with the zone it is delivered in.',
      answers: {
        200: {
          description: 'The districts in English alphabetical order.',
          body: z.array(z.object({ id: z.string(), en: z.string(), bn: z.string(), division: z.string(), thanas: z.array(z.object({ en: z.string(), bn: z.string(), zone: z.string() })) })),
        },
      },
    },
    (c) => {
      c.header('Cache-Control', 'public, max-age=86400');
      return c.json(areasAnswer(), 200);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/track',
      tag,
      access: 'public',
      summary: 'Where an order is: its number and the phone it was placed with',
      description: 'Anything that does not match (no such number, another phone) is the same 404: the answer tells nobody more than they knew but where the parcel is. Limited per client address (429 with Retry-After).',
      query: z.object({
        order: typedDigits().trim().regex(/^\d{1,9}$/, 'order must be an order number').transform(Number),
        phone: typedDigits().trim().min(6, 'phone must be a phone number').max(20, 'phone must be a phone number'),
      }),
      answers: {
        200: {
          description: 'The order and its parcel.',
          body: z.object({
            orderNumber: z.number().int(),
            status: z.string(),
            placedAt: z.string(),
            parcel: z.object({ courier: courierEnum, trackingCode: z.string(), status: z.enum(parcelStatuses), message: z.string().nullable(), messageBn: z.string().nullable(), updatedAt: z.string() }).nullable(),
          }),
        },
      },
      errors: ['delivery/tracking-not-found', 'delivery/tracking-limit'],
    },
    async (c, { query }) => {
      const verdict = await deps.trackLimiter.hit(`track:${clientAddress(c, deps.trustProxy)}`);
      if (!verdict.allowed) {
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        return sendError(c, appError('delivery/tracking-limit', 'Too many look-ups from here. Try again in a few minutes.'));
      }
      const found = await track(deps, query.order, query.phone);
      if (!found.ok) return sendError(c, found.error);
      const parcel = found.value.parcel ? { ...found.value.parcel, courier: found.value.parcel.courier as CourierName } : null;
      return c.json({ ...found.value, parcel }, 200);
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/couriers/:courier/webhook',
      tag,
      access: 'public',
      summary: "A courier's webhook: where its parcels are",
      description:
        "Steadfast: Authorization: Bearer STEADFAST_WEBHOOK_TOKEN. Pathao: X-PATHAO-Signature equal to PATHAO_WEBHOOK_SECRET (and its integration handshake). RedX: the token RedX was given (see README). A wrong or missing secret answers 401 and is logged; a report repeated or out of order changes nothing.",
      params: { courier: courierEnum },
      badParams: appError('http/not-found', 'No such courier.'),
      answers: { 200: { description: 'Taken (the body the courier expects).' }, 202: { description: 'Taken (Pathao).' } },
      errors: ['http/not-found', 'delivery/webhook-refused', 'delivery/webhook-invalid'],
    },
    async (c, { params }) => {
      const raw = await c.req.text();
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      // RedX signs nothing: its callback URL carries the shop's token (?token=), handed over as this pseudo-header, never one the caller sent.
      delete headers['x-webhook-query-token'];
      const token = c.req.query('token');
      if (token !== undefined) headers['x-webhook-query-token'] = token;
      const answer = await receiveWebhook(deps, params.courier, { headers, body: raw.slice(0, 64 * 1024) });
      for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
      return c.json(answer.body ?? {}, answer.status as ContentfulStatusCode);
    },
  );

  return app;
}
