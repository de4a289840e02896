import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderEventTypes, orderStatuses, parcelStatuses } from '../../domain/order.js';

// The PostgreSQL twin of schema.ts (decision 022): the same tables, columns, indexes and checks;
// tests/postgres/schema-parity.test.ts keeps the two from drifting apart. Event ids and counts are
// bigint like SQLite's 64-bit integers; so is an order's money, since a cart of several lines at
// 99 x 10,000,000 BDT each passes 2^31.

/**
 * The append-only log (triggers in migrations/postgres refuse UPDATE, DELETE and TRUNCATE). `id`
 * is the event's place in the shop's hash chain, given by the appender from the head row it holds
 * locked, so it has no sequence. `payload` and `actor` are JSON kept as text: the exact bytes, the
 * same as SQLite's, whatever the JSON holds (jsonb would reorder keys and refuse "\u0000").
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').notNull(),
    seq: integer('seq').notNull(),
    type: text('type', { enum: orderEventTypes }).notNull(),
    payload: text('payload').notNull(),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('order_events_order_seq').on(t.orderId, t.seq)],
);

/**
 * The log's head (decision 014): one row, moved in the same transaction as every append, and the
 * row each appending transaction locks first (decision 024). Triggers in the migration refuse
 * DELETE, TRUNCATE, a second row, and any UPDATE that lowers the count or moves the switch point.
 */
export const orderLogHead = pgTable(
  'order_log_head',
  {
    id: integer('id').primaryKey(),
    eventCount: bigint('event_count', { mode: 'number' }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
    keyedFrom: bigint('keyed_from', { mode: 'number' }),
    keyProof: text('key_proof'),
    headMac: text('head_mac'),
  },
  (t) => [check('order_log_head_one_row', sql`${t.id} = 1`)],
);

/** The listing projection: rebuilt from the log by `npm run audit:verify` and compared. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    deliveryLocation: text('delivery_location').notNull(),
    paymentMethod: text('payment_method').notNull(),
    appliedCoupon: text('applied_coupon'),
    discountBasisPoints: integer('discount_bp').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    items: text('items').notNull(),
    status: text('status', { enum: orderStatuses }).notNull(),
    removed: boolean('removed').notNull().default(false),
    placedAt: timestamp('placed_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
    version: integer('version').notNull(),
    /**
     * The order's number (10001, 10002, ...): one more than the last, given under the log's head
     * lock in the unit of work of its Placed event, so numbers follow commit order with no gap
     * (decision 030). Written once, on insert; nullable only because SQLite cannot add a NOT NULL
     * column to a table with rows (the migration numbers every existing order).
     */
    orderNumber: integer('order_number'),
    /** Who canceled it ('shop': an admin's Canceled; 'customer'), and when: the COD block counts the shop's. */
    canceledBy: text('canceled_by', { enum: ['shop', 'customer'] }),
    canceledAt: timestamp('canceled_at', { withTimezone: true, precision: 3 }),
    /**
     * The language the order was placed in (issue 18), as its Placed event records it: 'en' or 'bn'.
     * Null for orders placed before languages existed, whose events have none: English.
     */
    lang: text('lang', { enum: ['en', 'bn'] }),
    /** Imported from the old shop (issue 19, decision 041): the placement limits do not count it. */
    imported: boolean('imported').notNull().default(false),
    /**
     * The parcel (issue 34, decision 060): the order's DeliveryState as JSON, null before a booking
     * and after a canceled one; `delivery_status` is its status, for the desk's filter.
     */
    delivery: text('delivery'),
    /** The district and thana chosen at checkout (issue 34), null in orders placed without them. */
    district: text('district'),
    thana: text('thana'),
    deliveryStatus: text('delivery_status', { enum: parcelStatuses }),
    /**
     * The advance asked when the order was placed (issue 35, decision 061), as paid, expired or
     * refunded since: the order's AdvanceState as JSON (keys in one order), null when none was asked.
     */
    advance: text('advance'),
    /**
     * Taken by the shop's staff for a customer record (issue 36, decision 064): the Placed event's
     * `taken` as JSON (channel, who took it, the discount and the waived fee with their reasons;
     * keys in one order), null on the orders shoppers placed.
     */
    taken: text('taken'),
  },
  (t) => [
    uniqueIndex('orders_number').on(t.orderNumber),
    // A phone's orders canceled by the shop in the last 90 days (COD_BLOCK_AFTER_CANCELS).
    index('orders_phone_canceled').on(t.phone, t.canceledBy, t.canceledAt),
    // The same indexes as SQLite's, for the same reads (schema.ts says which read each one serves).
    index('orders_owner').on(t.ownerUserId, t.removed, t.placedAt, t.id),
    index('orders_listed').on(t.removed, t.placedAt, t.id),
    index('orders_listed_status').on(t.removed, t.status, t.placedAt, t.id),
    // The desk filtered by where parcels are (issue 34).
    index('orders_listed_delivery').on(t.removed, t.deliveryStatus, t.placedAt, t.id),
    index('orders_owner_status').on(t.ownerUserId, t.status, t.removed, t.imported),
    index('orders_phone_status').on(t.phone, t.status, t.removed, t.imported),
    index('orders_phone_placed').on(t.phone, t.placedAt),
    // The desk's search by part of a phone (issue 20): pg_trgm's GIN index serves `phone like
    // '%digits%'` for 3 digits or more (SQLite's twin is the FTS5 table orders_phone_search).
    index('orders_phone_trigram').using('gin', t.phone.op('gin_trgm_ops')),
    check('orders_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/** The orders listed per status, as schema.ts says: kept by triggers on orders (migration 0014). */
export const orderStatusCounts = pgTable('orders_status_counts', {
  status: text('status', { enum: orderStatuses }).primaryKey(),
  orders: integer('orders').notNull(),
});

/** Idempotency keys: a retried or double-clicked order answers the first one. */
export const orderRequests = pgTable(
  'order_requests',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: text('order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

