import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orderEventTypes, orderStatuses, parcelStatuses } from '../../domain/order.js';

/**
 * The append-only log (triggers in the migration abort UPDATE and DELETE). `id` orders every
 * event of the shop; each event's hash covers its content and the previous event's hash.
 */
export const orderEvents = sqliteTable(
  'order_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id').notNull(),
    seq: integer('seq').notNull(),
    type: text('type', { enum: orderEventTypes }).notNull(),
    payload: text('payload').notNull(),
    actor: text('actor').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('order_events_order_seq').on(t.orderId, t.seq)],
);

/**
 * The log's head (decision 014): one row, written in the same transaction (savepoint) as every
 * append, so a removed tail shows as a head that the log no longer reaches. `keyedFrom` is the
 * first event hashed with AUDIT_KEY (null: the chain is plain SHA-256); `keyProof` is an HMAC
 * over that switch point and `headMac` one over the head, both with the key, so nobody without
 * the key can move the switch or roll the head back. Triggers in the migration refuse DELETE, a
 * second row, and any UPDATE that lowers the count or moves the switch point.
 */
export const orderLogHead = sqliteTable(
  'order_log_head',
  {
    id: integer('id').primaryKey(),
    eventCount: integer('event_count').notNull(),
    lastId: integer('last_id').notNull(),
    lastHash: text('last_hash').notNull(),
    keyedFrom: integer('keyed_from'),
    keyProof: text('key_proof'),
    headMac: text('head_mac'),
  },
  (t) => [check('order_log_head_one_row', sql`${t.id} = 1`)],
);

/** The listing projection: rebuilt from the log by `npm run audit:verify` and compared. */
export const orders = sqliteTable(
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
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    fee: integer('fee').notNull(),
    amount: integer('amount').notNull(),
    items: text('items').notNull(),
    status: text('status', { enum: orderStatuses }).notNull(),
    removed: integer('removed', { mode: 'boolean' }).notNull().default(false),
    placedAt: integer('placed_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
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
    canceledAt: integer('canceled_at', { mode: 'timestamp_ms' }),
    /**
     * The language the order was placed in (issue 18), as its Placed event records it: 'en' or 'bn'.
     * Null for orders placed before languages existed, whose events have none: English.
     */
    lang: text('lang', { enum: ['en', 'bn'] }),
    /** Imported from the old shop (issue 19, decision 041): the placement limits do not count it. */
    imported: integer('imported', { mode: 'boolean' }).notNull().default(false),
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
    // A customer's list in its order and its count (issue 12), and their placements in the last
    // hour (ORDERS_PER_HOUR, read as `removed in (0, 1) and placed_at > ?`). The id ends each list
    // index so that SQLite reads a page in index order and sorts nothing.
    index('orders_owner').on(t.ownerUserId, t.removed, t.placedAt, t.id),
    // The admins' list and its count (removed = 0), read one page at a time.
    index('orders_listed').on(t.removed, t.placedAt, t.id),
    // The desk filtered by status (issue 20): its page in index order, and its count over the index
    // alone (without it, 496,000 orders: a scan of the table, ~105 ms per count; with it 0.1-16 ms).
    index('orders_listed_status').on(t.removed, t.status, t.placedAt, t.id),
    // The desk filtered by where parcels are (issue 34).
    index('orders_listed_delivery').on(t.removed, t.deliveryStatus, t.placedAt, t.id),
    // The placement limits (decision 015): Pending orders per customer and per phone, and a
    // phone's placements in the last hour, each counted over an index. The pending counts' index
    // holds every column they test: with (owner, status) alone SQLite, which has no statistics
    // here, took orders_listed_status (removed, status) and counted every Pending order of the
    // shop inside each order's transaction (issue 20: 4,000 -> 500 orders a second in the bench).
    index('orders_owner_status').on(t.ownerUserId, t.status, t.removed, t.imported),
    index('orders_phone_status').on(t.phone, t.status, t.removed, t.imported),
    index('orders_phone_placed').on(t.phone, t.placedAt),
    check('orders_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/**
 * The orders listed on the admins' desk (not removed) per status (issue 20): its X-Total-Count for
 * a status alone, or for no filter (the sum), read in O(1) instead of counting ~360,000 index
 * entries. Kept by triggers on `orders` (migration 0022), so every writer of the listing keeps it
 * in the same transaction: the unit of work of an order event, an import, a copy. Filled by that
 * migration from the rows it found; audit:verify can compare it with a count of the listing.
 */
export const orderStatusCounts = sqliteTable('orders_status_counts', {
  status: text('status', { enum: orderStatuses }).primaryKey(),
  orders: integer('orders').notNull(),
});

/** Idempotency keys: a retried or double-clicked order answers the first one. */
export const orderRequests = sqliteTable(
  'order_requests',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: text('order_id').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

