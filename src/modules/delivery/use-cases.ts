import type { Logger } from '../../platform/logger.js';
import type { Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { Page, Paged } from '../../shared/page.js';
import { normalizeBdMobile } from '../../shared/phone.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { StockLine } from '../../shared/stock.js';
import { courierActor, orderNotFound, type Actor, type DeliveryCommand, type Handled, type OrderReads, type OrderState } from '../ordering/index.js';
import { courierPhone, courierTitles, maxOrdersPerBooking, type CourierName } from './domain/delivery.js';
import { CourierError, type Courier, type CourierReport, type ParcelRequest, type WebhookReading, type WebhookRequest } from './ports.js';
import type { BookingStore, ParcelStore, StoredBooking } from './stores.js';

/** Ordering's parcel command (ordering's index), as the composition root hands it over. */
export type ParcelCommand = (orderId: string, command: DeliveryCommand, alsoInTx?: (tx: Tx, handled: Handled) => Promise<void>) => Promise<Result<Handled, AppError>>;

export type DeliveryDeps = {
  clock: Clock;
  logger: Logger;
  newId: IdGenerator;
  /** The couriers set up (their keys given); the others answer delivery/courier-not-configured. */
  couriers: Partial<Record<CourierName, Courier>>;
  orders: Pick<OrderReads, 'byId' | 'byNumber'>;
  parcelCommand: ParcelCommand;
  bookings: { outside: BookingStore; in(tx: Tx): BookingStore };
  parcels: ParcelStore;
  /** DELIVERY_WEIGHT_KG: a parcel's weight as the couriers are told (0.5 kg by default). */
  weightKg: number;
};

export const courierOf = (deps: Pick<DeliveryDeps, 'couriers'>, name: CourierName): Result<Courier, AppError> => {
  const courier = deps.couriers[name];
  if (courier) return ok(courier);
  const keys = { steadfast: 'STEADFAST_API_KEY and STEADFAST_SECRET_KEY', pathao: 'PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME, PATHAO_PASSWORD and PATHAO_STORE_ID', redx: 'REDX_API_TOKEN' }[name];
  return err(appError('delivery/courier-not-configured', `${courierTitles[name]} is not set up: set ${keys} in the shop's settings.`));
};

/** Why an order cannot be booked now, or null. */
export function notBookable(order: OrderState | null): string | null {
  if (!order || order.deleted) return 'This order does not exist (any more).';
  if (order.status !== 'Confirmed' || order.removed) return `Only a Confirmed order can be booked; this one is ${order.status}.`;
  if (order.delivery) return `It is booked with ${courierTitles[order.delivery.courier as CourierName] ?? order.delivery.courier} already (tracking code ${order.delivery.trackingCode}).`;
  if (order.placed.orderNumber === undefined) return 'This order has no number to give the courier as its invoice.';
  return null;
}

/** An order as a courier's parcel: the order number is the invoice, the cash to collect its total. */
export function parcelOf(order: OrderState, weightKg: number): ParcelRequest {
  const p = order.placed;
  const place = [p.thana, p.district].filter(Boolean).join(', ');
  const items = p.lines.reduce((n, line) => n + line.quantity, 0);
  const titles = p.lines.map((line) => `${line.title}${line.quantity > 1 ? ` x${line.quantity}` : ''}`).join(', ');
  return {
    orderNumber: p.orderNumber ?? 0,
    recipientName: p.name.slice(0, 100),
    recipientPhone: courierPhone(p.phone),
    recipientAddress: `${p.address}${place && !p.address.toLowerCase().includes((p.thana ?? p.district ?? '').toLowerCase()) ? `, ${place}` : ''}`.slice(0, 250),
    district: p.district ?? null,
    thana: p.thana ?? null,
    codAmount: p.total,
    itemCount: Math.max(1, items),
    weightKg,
    description: `${items} item${items === 1 ? '' : 's'}: ${titles}`.slice(0, 200),
    note: '',
  };
}

/** One order's answer to POST /api/shipments. */
export type BookingResult = {
  orderId: string;
  orderNumber: number | null;
  outcome: 'booked' | 'queued' | 'failed' | 'refused';
  message: string | null;
  consignmentId: string | null;
  trackingCode: string | null;
};

/**
 * POST /api/shipments: queues a booking for each bookable order (each refused one says why), lets
 * the booking worker try them at once for up to `waitMs`, and answers where each stands: booked
 * (with its tracking code), queued (the courier did not answer yet or is down: the worker tries
 * again), failed (the courier refused it) or refused (not bookable).
 */
export async function requestBookings(
  deps: DeliveryDeps & { runWorker: () => Promise<unknown>; waitMs: number },
  actor: Actor,
  orderIds: readonly string[],
  courierName: CourierName,
): Promise<Result<BookingResult[], AppError>> {
  const courier = courierOf(deps, courierName);
  if (!courier.ok) return courier;
  const ids = [...new Set(orderIds)];
  if (ids.length > maxOrdersPerBooking) return err(appError('delivery/too-many-orders', `At most ${maxOrdersPerBooking} orders can be booked at once.`));
  const now = deps.clock.now();
  const refused = new Map<string, BookingResult>();
  const rows: StoredBooking[] = [];
  const orders = new Map<string, OrderState | null>();
  for (const id of ids) {
    const order = await deps.orders.byId(id);
    orders.set(id, order);
    const why = notBookable(order);
    if (why || !order) {
      refused.set(id, { orderId: id, orderNumber: order?.placed.orderNumber ?? null, outcome: 'refused', message: why, consignmentId: null, trackingCode: null });
      continue;
    }
    rows.push({ id: deps.newId(), orderId: id, orderNumber: order.placed.orderNumber ?? 0, courier: courierName, state: 'queued', attempts: 0, nextAttemptAt: now, lastError: null, requestedBy: actor, createdAt: now, updatedAt: now });
  }
  if (rows.length > 0) {
    await deps.bookings.outside.queue(rows);
    // The worker's first attempt, awaited for a while: most bookings answer with their tracking code.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([deps.runWorker(), new Promise((resolve) => (timer = setTimeout(resolve, deps.waitMs)))]);
    clearTimeout(timer);
  }
  const latest = await deps.bookings.outside.latestOf(rows.map((r) => r.orderId));
  const results: BookingResult[] = [];
  for (const id of ids) {
    const refusal = refused.get(id);
    if (refusal) {
      results.push(refusal);
      continue;
    }
    const booking = latest.get(id);
    const order = await deps.orders.byId(id);
    const d = order?.delivery;
    if (booking?.state === 'booked' && d) results.push({ orderId: id, orderNumber: order.placed.orderNumber ?? null, outcome: 'booked', message: null, consignmentId: d.consignmentId, trackingCode: d.trackingCode });
    else {
      const outcome = booking?.state === 'failed' || booking?.state === 'withdrawn' ? 'failed' : 'queued';
      results.push({ orderId: id, orderNumber: order?.placed.orderNumber ?? null, outcome, message: booking?.lastError ?? null, consignmentId: null, trackingCode: null });
    }
  }
  return ok(results);
}

/** An order's bookings, newest first (the desk's parcel panel). */
export async function bookingsOf(deps: Pick<DeliveryDeps, 'orders' | 'bookings'>, orderId: string, page: Page): Promise<Result<Paged<StoredBooking>, AppError>> {
  const order = await deps.orders.byId(orderId);
  if (!order || order.deleted) return err(orderNotFound());
  return ok(await deps.bookings.outside.pageOf(orderId, page));
}

const courierFailure = (name: string, e: unknown): AppError => {
  if (e instanceof CourierError && (e.kind === 'refused' || e.kind === 'duplicate')) return appError('delivery/courier-refused', `${name} refused: ${e.message}`);
  const why = e instanceof Error ? e.message : String(e);
  return appError('delivery/courier-unavailable', `${name} did not answer as it should (${why.slice(0, 200)}). Try again in a few minutes.`);
};

/** The order's parcel, or why the order has none. */
async function parcelOrder(deps: Pick<DeliveryDeps, 'orders'>, orderId: string): Promise<Result<OrderState & { delivery: NonNullable<OrderState['delivery']> }, AppError>> {
  const order = await deps.orders.byId(orderId);
  if (!order || order.deleted) return err(orderNotFound());
  if (!order.delivery) return err(appError('ordering/illegal-transition', 'Not allowed: this order has no parcel booked.'));
  return ok(order as OrderState & { delivery: NonNullable<OrderState['delivery']> });
}

/** A report as ordering's command. */
const reportCommand = (courier: string, report: CourierReport): DeliveryCommand => ({
  type: 'RecordParcelReport',
  actor: courierActor(courier),
  report: { status: report.status, collectedAmount: report.collectedAmount, deliveryCharge: report.deliveryCharge, message: report.message, messageBn: report.messageBn, at: report.at },
});

/** POST /api/orders/:id/parcel/refresh: asks the courier where the parcel is and records what moved. */
export async function refreshParcel(deps: DeliveryDeps, orderId: string): Promise<Result<OrderState, AppError>> {
  const order = await parcelOrder(deps, orderId);
  if (!order.ok) return order;
  const d = order.value.delivery;
  const courier = courierOf(deps, d.courier as CourierName);
  if (!courier.ok) return courier;
  let report: CourierReport;
  try {
    report = await courier.value.status({ consignmentId: d.consignmentId, orderNumber: order.value.placed.orderNumber ?? 0 });
  } catch (e) {
    return err(courierFailure(courierTitles[courier.value.name], e));
  }
  const recorded = await applyReport(deps, courier.value.name, orderId, report);
  return recorded.ok ? ok(recorded.value.order) : recorded;
}

/** A report (a status call's or a webhook's) applied to its order: the status it moves, the payout it tells. */
async function applyReport(deps: DeliveryDeps, courier: CourierName, orderId: string, given: CourierReport): Promise<Result<Handled, AppError>> {
  const report = await withCashCollected(deps, courier, given);
  const moved = await deps.parcelCommand(orderId, reportCommand(courier, report));
  if (!moved.ok || !report.paid) return moved;
  const d = moved.value.order.delivery;
  if (!d || d.settled) return moved;
  const amount = report.paid.amount ?? Math.max(0, (d.collectedAmount ?? 0) - (d.deliveryCharge ?? 0));
  const fee = Math.max(0, (d.collectedAmount ?? 0) - amount);
  const reference = (report.paid.reference ?? `${courier}-${d.consignmentId}`).slice(0, 100);
  const paid = await deps.parcelCommand(orderId, { type: 'RecordSettlement', actor: courierActor(courier), settlement: { reference, amount, fee } });
  return paid.ok ? paid : moved;
}

/**
 * A delivery reported without the cash collected (RedX's webhook says no amount): the courier's
 * status call is asked for it once; when it does not say either, the decider's default stands
 * (all of it for a whole delivery, nothing known of a partial one).
 */
async function withCashCollected(deps: DeliveryDeps, courier: CourierName, report: CourierReport): Promise<CourierReport> {
  if ((report.status !== 'delivered' && report.status !== 'partly_delivered') || report.collectedAmount !== null || !report.consignmentId) return report;
  try {
    const now = await deps.couriers[courier]?.status({ consignmentId: report.consignmentId, orderNumber: report.orderNumber ?? 0 });
    return now && now.collectedAmount !== null ? { ...report, collectedAmount: now.collectedAmount } : report;
  } catch {
    return report;
  }
}

/** How many refused webhooks are logged a minute at most (a stranger's flood must not fill the log). */
const refusedLogsPerMinute = 20;
let refusedLogged = { minute: 0, count: 0 };

/** POST /api/couriers/:courier/webhook: the courier's reports, authenticated by its adapter. */
export async function receiveWebhook(deps: DeliveryDeps, courierName: CourierName, request: WebhookRequest): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const courier = deps.couriers[courierName];
  if (!courier) return { status: 404, headers: {}, body: { error: { code: 'http/not-found', message: `${courierTitles[courierName]} is not set up in this shop.` } } };
  const reading: WebhookReading = courier.readWebhook(request);
  if (reading.kind === 'refused') {
    const minute = Math.floor(deps.clock.now().getTime() / 60_000);
    if (refusedLogged.minute !== minute) refusedLogged = { minute, count: 0 };
    if (++refusedLogged.count <= refusedLogsPerMinute) deps.logger.warn('courier webhook refused', { courier: courierName, reason: reading.reason });
    return { status: 401, headers: {}, body: { error: { code: 'delivery/webhook-refused', message: 'This webhook is not signed by the courier.' } } };
  }
  if (reading.kind === 'invalid') return { status: 400, headers: {}, body: { error: { code: 'delivery/webhook-invalid', message: reading.reason.slice(0, 200) } } };
  if (reading.kind === 'handshake') return { status: reading.status, headers: reading.headers, body: reading.body };
  for (const report of reading.reports.slice(0, 100)) {
    const parcel =
      (report.consignmentId ? await deps.parcels.byConsignment(courierName, report.consignmentId) : null) ??
      (report.orderNumber !== null ? await deps.parcels.byOrderNumber(courierName, report.orderNumber) : null);
    if (!parcel) {
      deps.logger.info('courier webhook for a parcel this shop does not have', { courier: courierName, consignmentId: report.consignmentId, orderNumber: report.orderNumber });
      continue;
    }
    const applied = await applyReport(deps, courierName, parcel.orderId, report);
    if (!applied.ok) deps.logger.info('courier webhook changed nothing', { courier: courierName, orderNumber: parcel.orderNumber, reason: applied.error.message });
  }
  return { status: reading.status, headers: reading.headers, body: reading.body };
}

/**
 * POST /api/orders/:id/parcel/cancel: cancels the booking with the courier (before pick-up), then
 * in the log; the order can be booked again. `canceledAtCourier`: the admin canceled it in the
 * courier's portal already (a courier whose API has no cancel call).
 */
export async function cancelBooking(deps: DeliveryDeps, actor: Actor, orderId: string, options: { canceledAtCourier: boolean; reason?: string | undefined }): Promise<Result<OrderState, AppError>> {
  const order = await parcelOrder(deps, orderId);
  if (!order.ok) return order;
  const d = order.value.delivery;
  if (d.status !== 'booked') return err(appError('ordering/illegal-transition', 'Not allowed: the courier has picked this parcel up: it can no longer be canceled.'));
  if (!options.canceledAtCourier) {
    const courier = courierOf(deps, d.courier as CourierName);
    if (!courier.ok) return courier;
    try {
      await courier.value.cancel({ consignmentId: d.consignmentId, orderNumber: order.value.placed.orderNumber ?? 0 });
    } catch (e) {
      return err(courierFailure(courierTitles[courier.value.name], e));
    }
  }
  const canceled = await deps.parcelCommand(orderId, { type: 'CancelBooking', actor, ...(options.reason ? { reason: options.reason } : {}) });
  return canceled.ok ? ok(canceled.value.order) : canceled;
}

/**
 * POST /api/orders/:id/parcel: a booking the admin made in the courier's portal (or one the
 * courier has although the shop's attempt timed out), recorded by hand: the order is booked.
 */
export async function recordBookingByHand(deps: DeliveryDeps, actor: Actor, orderId: string, booking: { courier: CourierName; consignmentId: string; trackingCode: string }): Promise<Result<OrderState, AppError>> {
  const order = await deps.orders.byId(orderId);
  const why = notBookable(order);
  if (why) return err(order && !order.deleted ? appError('ordering/illegal-transition', `Not allowed: ${why}`) : orderNotFound());
  const booked = await deps.parcelCommand(orderId, { type: 'RecordBooking', actor, booking: { ...booking, deliveryCharge: null } });
  return booked.ok ? ok(booked.value.order) : booked;
}

/** POST /api/orders/:id/parcel/receive: the returned parcel is back; its stock (all of it, or the admin's count of a partial delivery) too. */
export async function receiveReturn(deps: DeliveryDeps, actor: Actor, orderId: string, lines: readonly StockLine[] | undefined): Promise<Result<OrderState, AppError>> {
  const received = await deps.parcelCommand(orderId, { type: 'ReceiveReturn', actor, ...(lines ? { lines } : {}) });
  return received.ok ? ok(received.value.order) : received;
}

/** One parcel of a payout: what the shop received and the courier's fee (by default its cash less its charge, and the charge). */
export type PayoutItem = { orderId: string; amount?: number | undefined; fee?: number | undefined };
export type PayoutResult = { orderId: string; settled: boolean; message: string | null };

/** POST /api/shipments/payouts: a courier's payout, recorded as each parcel's Settled event. */
export async function recordPayout(deps: DeliveryDeps, actor: Actor, courier: CourierName, reference: string, items: readonly PayoutItem[]): Promise<Result<PayoutResult[], AppError>> {
  if (items.length > maxOrdersPerBooking) return err(appError('delivery/too-many-orders', `At most ${maxOrdersPerBooking} parcels can be settled at once.`));
  const results: PayoutResult[] = [];
  for (const item of items) {
    const order = await deps.orders.byId(item.orderId);
    const d = order?.delivery;
    if (!order || order.deleted || !d) {
      results.push({ orderId: item.orderId, settled: false, message: 'This order has no parcel booked.' });
      continue;
    }
    if (d.courier !== courier) {
      results.push({ orderId: item.orderId, settled: false, message: `This parcel is with ${courierTitles[d.courier as CourierName] ?? d.courier}.` });
      continue;
    }
    const charge = d.deliveryCharge ?? 0;
    const amount = item.amount ?? Math.max(0, (d.collectedAmount ?? 0) - charge);
    const fee = item.fee ?? charge;
    const settled = await deps.parcelCommand(item.orderId, { type: 'RecordSettlement', actor, settlement: { reference, amount, fee } });
    results.push({ orderId: item.orderId, settled: settled.ok, message: settled.ok ? null : settled.error.message });
  }
  return ok(results);
}

/** What the public tracking page tells: nothing its asker did not know but where the parcel is. */
export type Tracking = {
  orderNumber: number;
  status: OrderState['status'];
  placedAt: string;
  parcel: { courier: string; trackingCode: string; status: NonNullable<OrderState['delivery']>['status']; message: string | null; messageBn: string | null; updatedAt: string } | null;
};

/**
 * GET /api/track: an order number and the phone it was placed with. Any mismatch (no such order,
 * another phone, a deleted order) is the same 404, so the answer tells a stranger nothing.
 */
export async function track(deps: Pick<DeliveryDeps, 'orders'>, orderNumber: number, phone: string): Promise<Result<Tracking, AppError>> {
  const notFound = err(appError('delivery/tracking-not-found', 'No order with this number was placed with this phone number.'));
  const wanted = normalizeBdMobile(phone);
  if (!wanted) return notFound;
  const order = await deps.orders.byNumber(orderNumber);
  if (!order || order.deleted || normalizeBdMobile(order.placed.phone) !== wanted) return notFound;
  const d = order.delivery;
  return ok({
    orderNumber,
    status: order.status,
    placedAt: order.placedAt.toISOString(),
    parcel: d ? { courier: d.courier, trackingCode: d.trackingCode, status: d.status, message: d.message, messageBn: d.messageBn, updatedAt: d.updatedAt.toISOString() } : null,
  });
}
