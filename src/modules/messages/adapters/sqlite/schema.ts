import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { orderEventTypes } from '../../../ordering/index.js';
import { messageChannels, messageStates } from '../../domain/messages.js';

// The messages module's SQLite tables: the outbox and the SMS ledger (moved from ordering's schema, decision 050).

/**
 * The outbox of the messages about orders (issue 16): written in the transaction of the event that
 * causes them (so an order and its messages commit together, or neither does), sent later by the
 * message worker, retried with back-off until sent or failed. `id` is `<order id>.<event seq>.<n>`.
 * `next_attempt_at` is when a pending message is due; a worker that takes one moves it forward
 * (its lease), so another process does not send it too. `last_error` is a short reason.
 */
export const orderMessages = sqliteTable(
  'order_messages',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    eventSeq: integer('event_seq').notNull(),
    eventType: text('event_type', { enum: orderEventTypes }).notNull(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    state: text('state', { enum: messageStates }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    // The worker's "due" query: pending messages by next_attempt_at.
    index('order_messages_due').on(t.state, t.nextAttemptAt),
    // An order's messages, in the order their events came.
    index('order_messages_order').on(t.orderId, t.eventSeq, t.id),
  ],
);

/**
 * The SMS the shop sent or is about to send (issue 40, decision 048): one row per SMS, codes and
 * order texts alike, so the ceilings per number, per client address and per shop, and the daily
 * budget, are counts over it that every shop process shares. `id` is the outbox message's id (a
 * retried message counts once) or `code:<random>` for a checkout code; `address` is the client's
 * for a code, null for an order text. Rows older than two days are pruned as rows are added, and
 * every row passed the daily budget first, so the table stays within about three days' budget.
 */
export const smsSends = sqliteTable(
  'sms_sends',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    address: text('address'),
    kind: text('kind', { enum: ['code', 'order'] }).notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sms_sends_phone_at').on(t.phone, t.at), index('sms_sends_address_at').on(t.address, t.at), index('sms_sends_at').on(t.at)],
);
