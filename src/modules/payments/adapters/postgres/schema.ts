import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { attemptStates, holdStates } from '../../stores.js';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022): the same tables, columns and indexes.

/**
 * The orders that asked an advance, one row each, written with every event of such an order in
 * its transaction (an in-transaction handler, as the parcels table is): the hold worker finds the
 * holds that ran out (`payment_holds_due`), the sales report sums what came in and went back by
 * day. A projection of the log: its truth is the order's events.
 */
export const paymentHolds = pgTable(
  'payment_holds',
  {
    orderId: text('order_id').primaryKey(),
    orderNumber: integer('order_number').notNull(),
    ownerUserId: text('owner_user_id').notNull(),
    provider: text('provider').notNull(),
    amount: integer('amount').notNull(),
    state: text('state', { enum: holdStates }).notNull(),
    holdUntil: timestamp('hold_until', { withTimezone: true, precision: 3 }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true, precision: 3 }).notNull(),
    trxId: text('trx_id'),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
    refundedAmount: integer('refunded_amount'),
    refundedAt: timestamp('refunded_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('payment_holds_due').on(t.state, t.holdUntil), index('payment_holds_paid').on(t.paidAt), index('payment_holds_refunded').on(t.refundedAt)],
);

/**
 * The payments created at the provider for an order (bKash's paymentID), at most a few per order
 * (a shopper who canceled on bKash's page tries again): the callback finds its order here, the
 * hold worker asks the provider about the latest before it lets a hold lapse.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    provider: text('provider').notNull(),
    paymentId: text('payment_id').notNull(),
    invoice: text('invoice').notNull(),
    amount: integer('amount').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    state: text('state', { enum: attemptStates }).notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [uniqueIndex('payment_attempts_payment').on(t.provider, t.paymentId), index('payment_attempts_order').on(t.orderId, t.createdAt)],
);
