import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import { boundedError, outboxRows, shopMessageOrderId, type MessageOutbox, type StoredMessage } from '../../message-outbox.js';
import { orderMessages } from './schema.js';

type Row = typeof orderMessages.$inferSelect;
const toMessage = (row: Row): StoredMessage => ({ ...row });

/**
 * The outbox on SQLite: one process, so a claim is one UPDATE ... RETURNING under the writer lock;
 * nothing else can take the same rows between its read and its write.
 */
export function createSqliteMessageStore({ read, writer, write }: SqliteSide): MessageOutbox {
  const due = and(eq(orderMessages.state, 'pending'), lte(orderMessages.nextAttemptAt, sql.placeholder('now')));
  const dueIds = writer
    .select({ id: orderMessages.id })
    .from(orderMessages)
    .where(due)
    .orderBy(asc(orderMessages.nextAttemptAt), asc(orderMessages.id))
    .limit(sql.placeholder('limit'));
  const claim = writer
    .update(orderMessages)
    .set({ attempts: sql`${orderMessages.attempts} + 1`, nextAttemptAt: sql`${sql.placeholder('leaseUntil')}` })
    .where(inArray(orderMessages.id, dueIds))
    .returning()
    .prepare();
  const byOrder = eq(orderMessages.orderId, sql.placeholder('orderId'));
  const page = read
    .select()
    .from(orderMessages)
    .where(byOrder)
    .orderBy(asc(orderMessages.eventSeq), asc(orderMessages.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  const total = read.select({ n: count() }).from(orderMessages).where(byOrder).prepare();
  const sent = writer.update(orderMessages).set({ state: 'sent', sentAt: sql`${sql.placeholder('at')}`, lastError: null }).where(eq(orderMessages.id, sql.placeholder('id'))).prepare();
  const retry = writer
    .update(orderMessages)
    .set({ lastError: sql`${sql.placeholder('error')}`, nextAttemptAt: sql`${sql.placeholder('at')}` })
    .where(and(eq(orderMessages.id, sql.placeholder('id')), eq(orderMessages.state, 'pending')))
    .prepare();
  const failed = writer.update(orderMessages).set({ state: 'failed', lastError: sql`${sql.placeholder('error')}` }).where(eq(orderMessages.id, sql.placeholder('id'))).prepare();
  // Held by an SMS ceiling (decision 048): next_attempt_at is when, so heldSince() reads order_messages_due.
  const held = writer
    .update(orderMessages)
    .set({ state: 'held', lastError: sql`${sql.placeholder('error')}`, nextAttemptAt: sql`${sql.placeholder('at')}` })
    .where(eq(orderMessages.id, sql.placeholder('id')))
    .prepare();
  const heldSince = read
    .select({ n: count() })
    .from(orderMessages)
    .where(and(eq(orderMessages.state, 'held'), gte(orderMessages.nextAttemptAt, sql.placeholder('since'))))
    .prepare();

  // Prepared once (each order's event enqueues its messages): one row per run, the times as
  // milliseconds and the nullable columns through plain placeholders.
  const insert = writer
    .insert(orderMessages)
    .values({
      id: sql.placeholder('id'),
      orderId: sql.placeholder('orderId'),
      eventSeq: sql.placeholder('eventSeq'),
      eventType: sql.placeholder('eventType'),
      channel: sql.placeholder('channel'),
      recipient: sql.placeholder('recipient'),
      subject: sql`${sql.placeholder('subject')}`,
      body: sql.placeholder('body'),
      state: sql`${sql.placeholder('state')}`,
      attempts: 0,
      nextAttemptAt: sql`${sql.placeholder('at')}`,
      lastError: sql`${sql.placeholder('lastError')}`,
      createdAt: sql`${sql.placeholder('at')}`,
      sentAt: null,
    } as unknown as typeof orderMessages.$inferInsert)
    .prepare();

  return {
    async enqueue(event, messages) {
      if (messages.length === 0) return;
      const rows = outboxRows(event, messages);
      await write(() => {
        for (const { id, orderId, eventSeq, eventType, channel, recipient, subject, body, createdAt, state, lastError } of rows) {
          insert.run({ id, orderId, eventSeq, eventType, channel, recipient, subject: subject ?? null, body, at: createdAt.getTime(), state, lastError });
        }
      });
    },
    claimDue: (now, limit, leaseUntil) => write(() => claim.all({ now: now.getTime(), limit, leaseUntil: leaseUntil.getTime() }).map(toMessage)),
    settle: (outcomes) =>
      write(() => {
        if (outcomes.length === 0) return;
        // One transaction for the turn's marks (the writer is free: write() waited for it).
        writer.transaction(() => {
          for (const o of outcomes) {
            if (o.state === 'sent') sent.run({ id: o.id, at: o.at.getTime() });
            else if (o.state === 'retry') retry.run({ id: o.id, error: boundedError(o.error), at: o.nextAttemptAt.getTime() });
            else if (o.state === 'held') held.run({ id: o.id, error: boundedError(o.reason), at: o.at.getTime() });
            else failed.run({ id: o.id, error: boundedError(o.error) });
          }
        });
      }),
    async pageOf(orderId, { limit, offset }) {
      return { items: page.all({ orderId, limit, offset }).map(toMessage), total: total.get({ orderId })?.n ?? 0 };
    },
    enqueueOnce: (id, message, at) =>
      write(
        () =>
          writer
            .insert(orderMessages)
            .values({ ...outboxRows({ orderId: shopMessageOrderId, seq: 0, type: 'Placed', at }, [message])[0]!, id })
            .onConflictDoNothing()
            .run().changes > 0,
      ),
    heldSince: async (since) => heldSince.get({ since: since.getTime() })?.n ?? 0,
  };
}
