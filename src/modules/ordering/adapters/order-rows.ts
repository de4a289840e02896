import type { DeliveryZone } from '../../../shared/money.js';
import type { AdvanceState } from '../domain/advance.js';
import type { Actor, DeliveryState, OrderLine, OrderState, PlacedSnapshot } from '../domain/order.js';
import type { Taken } from '../domain/taken.js';
import type { StoredEvent } from '../ports.js';
import { storedJson } from './hash-chain.js';
import type { orderEvents as pgOrderEvents, orders as pgOrders } from './postgres/schema.js';
import type { orderEvents, orders } from './sqlite/schema.js';

// The rows of order_events and orders as either engine reads them (Drizzle maps SQLite's
// timestamp_ms and 0/1 and PostgreSQL's timestamptz, bigint and boolean to the same values), and
// the one mapping from and to the domain: the JSON text written here is what the chain's hash and
// the audit read back, so both engines must write it alike.

export type EventRow = typeof orderEvents.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

// Compile-time checks that PostgreSQL's rows are the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const pgEventRowIsTheSame: Same<EventRow, typeof pgOrderEvents.$inferSelect> = true;
const pgOrderRowIsTheSame: Same<OrderRow, typeof pgOrders.$inferSelect> = true;
void pgEventRowIsTheSame;
void pgOrderRowIsTheSame;

export const toEvent = (row: EventRow): StoredEvent =>
  ({
    id: row.id,
    orderId: row.orderId,
    seq: row.seq,
    type: row.type,
    payload: JSON.parse(row.payload) as unknown,
    actor: JSON.parse(row.actor) as Actor,
    at: row.at,
    prevHash: row.prevHash,
    hash: row.hash,
  }) as StoredEvent;

/**
 * An event as stored: `payload` and `actor` as JSON text (the bytes both engines keep), canonical
 * as the hash covers them, so the audit hashes them as stored (issue 20; hash-chain.ts).
 */
export const toEventRow = (event: StoredEvent): EventRow => ({
  id: event.id,
  orderId: event.orderId,
  seq: event.seq,
  type: event.type,
  payload: storedJson(event.payload),
  actor: storedJson(event.actor),
  at: event.at,
  prevHash: event.prevHash,
  hash: event.hash,
});

/** A listing row as an order's state (also used by the audit's streaming readers). */
export const toState = (r: OrderRow): OrderState => {
  const advance = r.advance === null ? null : advanceFromJson(r.advance);
  const placed: PlacedSnapshot = {
    owner: { userId: r.ownerUserId, email: r.email },
    name: r.name,
    phone: r.phone,
    address: r.address,
    ...(r.district === null ? {} : { district: r.district }),
    ...(r.thana === null ? {} : { thana: r.thana }),
    deliveryLocation: r.deliveryLocation as DeliveryZone,
    paymentMethod: 'Cash On Delivery',
    appliedCoupon: r.appliedCoupon,
    discountBasisPoints: r.discountBasisPoints,
    lines: JSON.parse(r.items) as OrderLine[],
    subtotal: r.subtotal,
    discount: r.discount,
    fee: r.fee,
    total: r.amount,
    ...(r.orderNumber === null ? {} : { orderNumber: r.orderNumber }),
    ...(r.lang === null ? {} : { lang: r.lang }),
    ...(advance ? { advance: { provider: advance.provider, amount: advance.amount, reason: advance.reason, holdUntil: advance.holdUntil } } : {}),
    ...(r.taken === null ? {} : { taken: takenFromJson(r.taken) }),
  };
  // The row's `removed` is off the admins' desk, deleted (see toRow): an order its customer canceled
  // is removed for that customer all the same (their lists, their order's page, their commands).
  const removed = r.removed || r.canceledBy === 'customer';
  // An order waiting for its advance, or lapsed unpaid, is off every list without being deleted (issue 35).
  const unpaid = advance !== null && (advance.status === 'awaiting' || advance.status === 'expired');
  return {
    id: r.id,
    placed,
    status: r.status,
    removed,
    ...(r.removed && !unpaid ? { deleted: true as const } : {}),
    canceledBy: r.canceledBy,
    canceledAt: r.canceledAt,
    placedAt: r.placedAt,
    updatedAt: r.updatedAt,
    version: r.version,
    ...(r.imported ? { imported: true as const } : {}),
    ...(r.delivery === null ? {} : { delivery: deliveryFromJson(r.delivery) }),
    ...(advance ? { advance } : {}),
  };
};

/** The advance as the listing keeps it: JSON, keys in one fixed order, dates as ISO strings. */
const advanceToJson = (a: AdvanceState): string =>
  JSON.stringify({
    provider: a.provider,
    amount: a.amount,
    reason: a.reason,
    holdUntil: a.holdUntil,
    status: a.status,
    paymentId: a.paymentId,
    trxId: a.trxId,
    payer: a.payer,
    paidAt: a.paidAt?.toISOString() ?? null,
    late: a.late,
    refund: a.refund ? { refundTrxId: a.refund.refundTrxId, amount: a.refund.amount, reason: a.refund.reason, at: a.refund.at.toISOString() } : null,
  });

function advanceFromJson(text: string): AdvanceState {
  const a = JSON.parse(text) as Omit<AdvanceState, 'paidAt' | 'refund'> & { paidAt: string | null; refund: (NonNullable<AdvanceState['refund']> & { at: string }) | null };
  return { ...a, paidAt: a.paidAt === null ? null : new Date(a.paidAt), refund: a.refund ? { ...a.refund, at: new Date(a.refund.at) } : null };
}

/** An order taken by the staff (issue 36) as the listing keeps it: JSON, keys in one fixed order, parts not given left out. */
const takenToJson = (t: Taken): string =>
  JSON.stringify({
    channel: t.channel,
    by: { userId: t.by.userId, email: t.by.email },
    ...(t.discount ? { discount: { amount: t.discount.amount, reason: t.discount.reason } } : {}),
    ...(t.feeWaived ? { feeWaived: { reason: t.feeWaived.reason } } : {}),
  });

const takenFromJson = (text: string): Taken => JSON.parse(text) as Taken;

/** The parcel as the listing keeps it: JSON with its dates as ISO strings. */
const deliveryToJson = (d: DeliveryState): string =>
  // Keys in one fixed order, so the audit's rebuilt row and the stored one compare as text.
  JSON.stringify({
    courier: d.courier,
    consignmentId: d.consignmentId,
    trackingCode: d.trackingCode,
    codAmount: d.codAmount,
    deliveryCharge: d.deliveryCharge,
    status: d.status,
    collectedAmount: d.collectedAmount,
    message: d.message,
    messageBn: d.messageBn,
    bookedAt: d.bookedAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    returnReceivedAt: d.returnReceivedAt?.toISOString() ?? null,
    settled: d.settled ? { reference: d.settled.reference, amount: d.settled.amount, fee: d.settled.fee, at: d.settled.at.toISOString() } : null,
  });

function deliveryFromJson(text: string): DeliveryState {
  const d = JSON.parse(text) as Omit<DeliveryState, 'bookedAt' | 'updatedAt' | 'returnReceivedAt' | 'settled'> & { bookedAt: string; updatedAt: string; returnReceivedAt: string | null; settled: (NonNullable<DeliveryState['settled']> & { at: string }) | null };
  return { ...d, bookedAt: new Date(d.bookedAt), updatedAt: new Date(d.updatedAt), returnReceivedAt: d.returnReceivedAt === null ? null : new Date(d.returnReceivedAt), settled: d.settled ? { ...d.settled, at: new Date(d.settled.at) } : null };
}

export const toRow = (s: OrderState): OrderRow => ({
  id: s.id,
  ownerUserId: s.placed.owner.userId,
  email: s.placed.owner.email,
  name: s.placed.name,
  phone: s.placed.phone,
  address: s.placed.address,
  deliveryLocation: s.placed.deliveryLocation,
  paymentMethod: s.placed.paymentMethod,
  appliedCoupon: s.placed.appliedCoupon,
  discountBasisPoints: s.placed.discountBasisPoints,
  subtotal: s.placed.subtotal,
  discount: s.placed.discount,
  fee: s.placed.fee,
  amount: s.placed.total,
  items: JSON.stringify(s.placed.lines),
  status: s.status,
  // Off the admins' desk: deleted by an admin. An order its customer canceled (the spec's customer
  // delete, removed for the customer) stays listed for the shop as canceled by the customer (issue
  // 33) until an admin deletes it, so the desk's lists, its counts (orders_status_counts) and the
  // export keep reading `removed = false`.
  removed: s.deleted === true || (s.removed && s.canceledBy !== 'customer'),
  placedAt: s.placedAt,
  updatedAt: s.updatedAt,
  version: s.version,
  orderNumber: s.placed.orderNumber ?? null,
  canceledBy: s.canceledBy,
  canceledAt: s.canceledAt,
  lang: s.placed.lang ?? null,
  imported: s.imported === true,
  delivery: s.delivery ? deliveryToJson(s.delivery) : null,
  district: s.placed.district ?? null,
  thana: s.placed.thana ?? null,
  deliveryStatus: s.delivery?.status ?? null,
  advance: s.advance ? advanceToJson(s.advance) : null,
  taken: s.placed.taken ? takenToJson(s.placed.taken) : null,
});
