import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { parcelStatuses } from '../../../ordering/index.js';
import { bookingStates, courierNames } from '../../domain/delivery.js';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022): the same tables, columns and indexes.

/**
 * The bookings asked of couriers: POST /api/shipments stores one `queued` row per order, the
 * booking worker takes due rows, calls the courier and records the Booked event in the same
 * transaction as it marks the row `booked`; a courier that is down or slow leaves the row queued
 * for a later attempt (back-off), so a booking is delayed, never lost; the order number is the
 * courier's invoice, so an attempt after a time-out that had in fact worked is refused as a
 * duplicate by the courier and recovered, never booked twice. At most one queued row per order.
 */
export const parcelBookings = pgTable(
  'parcel_bookings',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    orderNumber: integer('order_number').notNull(),
    courier: text('courier', { enum: courierNames }).notNull(),
    state: text('state', { enum: bookingStates }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull(),
    lastError: text('last_error'),
    /** The admin who asked (JSON {userId, email, role}): the Booked event's actor. */
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('parcel_bookings_one_queued').on(t.orderId).where(sql`${t.state} = 'queued'`),
    index('parcel_bookings_due').on(t.state, t.nextAttemptAt),
    index('parcel_bookings_order').on(t.orderId, t.createdAt),
  ],
);

/**
 * The parcels, one row per booked order (a canceled booking's row goes): the order's DeliveryState
 * in columns, written by an in-transaction handler with every parcel event (decision 050), so a
 * courier's webhook finds its order by consignment id and the cash report sums by courier and day.
 */
export const parcels = pgTable(
  'parcels',
  {
    orderId: text('order_id').primaryKey(),
    orderNumber: integer('order_number').notNull(),
    courier: text('courier', { enum: courierNames }).notNull(),
    consignmentId: text('consignment_id').notNull(),
    trackingCode: text('tracking_code').notNull(),
    status: text('status', { enum: parcelStatuses }).notNull(),
    codAmount: integer('cod_amount').notNull(),
    collectedAmount: integer('collected_amount'),
    deliveryCharge: integer('delivery_charge'),
    bookedAt: timestamp('booked_at', { withTimezone: true, precision: 3 }).notNull(),
    /** When it was delivered (whole or in part) or returned. */
    finalAt: timestamp('final_at', { withTimezone: true, precision: 3 }),
    returnReceivedAt: timestamp('return_received_at', { withTimezone: true, precision: 3 }),
    settledReference: text('settled_reference'),
    settledAmount: integer('settled_amount'),
    settledFee: integer('settled_fee'),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('parcels_consignment').on(t.courier, t.consignmentId),
    index('parcels_courier_final').on(t.courier, t.finalAt),
    index('parcels_courier_settled').on(t.courier, t.settledAt),
  ],
);
