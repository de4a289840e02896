import type { Page, Paged } from '../../shared/page.js';
import type { Actor, OrderState } from '../ordering/index.js';
import type { BookingState, CourierName } from './domain/delivery.js';

/** A booking asked of a courier (parcel_bookings). */
export type StoredBooking = {
  id: string;
  orderId: string;
  orderNumber: number;
  courier: CourierName;
  state: BookingState;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  requestedBy: Actor;
  createdAt: Date;
  updatedAt: Date;
};

/** How an attempt ended: booked, refused for good, withdrawn, or still queued for `nextAttemptAt`. */
export type BookingOutcome =
  | { state: 'booked' | 'withdrawn' | 'failed'; error: string | null }
  | { state: 'queued'; error: string; nextAttemptAt: Date };

/** The bookings queue. `queue` runs in its own transaction; `settle` inside the Booked event's when it booked. */
export type BookingStore = {
  /** Stores the rows queued; an order with a booking queued already keeps that one (answered in `already`). */
  queue(rows: readonly StoredBooking[]): Promise<{ already: string[] }>;
  /**
   * Takes up to `limit` queued bookings due at `now`, oldest due first: each one's attempt counted
   * and its next_attempt_at moved to `leaseUntil` (PostgreSQL: FOR UPDATE SKIP LOCKED), so no other
   * worker takes it while this one calls the courier.
   */
  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<StoredBooking[]>;
  settle(id: string, outcome: BookingOutcome, at: Date): Promise<void>;
  /** The latest booking of each order (orders without one left out). */
  latestOf(orderIds: readonly string[]): Promise<Map<string, StoredBooking>>;
  /** An order's bookings, newest first. */
  pageOf(orderId: string, page: Page): Promise<Paged<StoredBooking>>;
  /** Bookings queued now, and of them those that did not go through at least once. */
  queuedCount(): Promise<{ queued: number; retrying: number }>;
};

/** A parcel as the parcels table keeps it. */
export type ParcelRow = {
  orderId: string;
  orderNumber: number;
  courier: CourierName;
  consignmentId: string;
  trackingCode: string;
  status: NonNullable<OrderState['delivery']>['status'];
  codAmount: number;
  collectedAmount: number | null;
  deliveryCharge: number | null;
  bookedAt: Date;
  finalAt: Date | null;
  returnReceivedAt: Date | null;
  settledReference: string | null;
  settledAmount: number | null;
  settledFee: number | null;
  settledAt: Date | null;
};

/** One courier's cash over a period (the cash report). */
export type CourierCash = {
  courier: CourierName;
  /** Delivered (whole or in part) and not paid out yet, whenever delivered: what the courier holds now. */
  heldParcels: number;
  heldAmount: number;
  /** Of those, the courier's charges it will keep (as reported). */
  heldCharges: number;
  /** Delivered in the period (whole or in part), and the cash collected. */
  deliveredParcels: number;
  collectedAmount: number;
  /** Paid out in the period: parcels, what the shop received, the courier's fees. */
  settledParcels: number;
  settledAmount: number;
  settledFees: number;
  /** Returned in the period, their charges (as reported), and how many are received back so far. */
  returnedParcels: number;
  returnCharges: number;
  returnsReceived: number;
};

/** The parcels table: written with every parcel event (an in-transaction handler), read by webhooks and the cash report. */
export type ParcelStore = {
  /** The order's parcel as its state now has it: written, or removed when it has none (a canceled booking). */
  save(order: OrderState): Promise<void>;
  byConsignment(courier: CourierName, consignmentId: string): Promise<ParcelRow | null>;
  byOrderNumber(courier: CourierName, orderNumber: number): Promise<ParcelRow | null>;
  /** Per courier: cash held now, and the period's deliveries, payouts and returns (`to` exclusive). */
  cash(from: Date, to: Date): Promise<CourierCash[]>;
  /** One page of a courier's parcels delivered and not paid out, oldest first (to record a payout). */
  unsettled(courier: CourierName, page: Page): Promise<Paged<ParcelRow>>;
};

export const parcelRowOf = (order: OrderState): ParcelRow | null => {
  const d = order.delivery;
  if (!d) return null;
  const final = d.status === 'delivered' || d.status === 'partly_delivered' || d.status === 'returned';
  return {
    orderId: order.id,
    orderNumber: order.placed.orderNumber ?? 0,
    courier: d.courier as CourierName,
    consignmentId: d.consignmentId,
    trackingCode: d.trackingCode,
    status: d.status,
    codAmount: d.codAmount,
    collectedAmount: d.collectedAmount,
    deliveryCharge: d.deliveryCharge,
    bookedAt: d.bookedAt,
    finalAt: final ? d.updatedAt : null,
    returnReceivedAt: d.returnReceivedAt,
    settledReference: d.settled?.reference ?? null,
    settledAmount: d.settled?.amount ?? null,
    settledFee: d.settled?.fee ?? null,
    settledAt: d.settled?.at ?? null,
  };
};
