import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orderEventTypes } from '../../../ordering/index.js';
import { messageChannels, messageStates } from '../../domain/messages.js';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022): the same tables, columns and indexes.

/** The outbox of the messages about orders (issue 16), as schema.ts has it. */
export const orderMessages = pgTable(
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
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('order_messages_due').on(t.state, t.nextAttemptAt), index('order_messages_order').on(t.orderId, t.eventSeq, t.id)],
);

/**
 * The SMS the shop sent or is about to send (issue 40, decision 048): one row per SMS, codes and
 * order texts alike, so the ceilings per number, per client address and per shop, and the daily
 * budget, are counts over it that every shop process shares. `id` is the outbox message's id (a
 * retried message counts once) or `code:<random>` for a checkout code; `address` is the client's
 * for a code, null for an order text. Rows older than two days are pruned as rows are added, and
 * every row passed the daily budget first, so the table stays within about three days' budget.
 */
export const smsSends = pgTable(
  'sms_sends',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    address: text('address'),
    kind: text('kind', { enum: ['code', 'order'] }).notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('sms_sends_phone_at').on(t.phone, t.at), index('sms_sends_address_at').on(t.address, t.at), index('sms_sends_at').on(t.at)],
);
