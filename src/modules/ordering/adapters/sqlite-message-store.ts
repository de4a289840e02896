import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../platform/database.js';
import { boundedError, outboxRows, type MessageOutbox, type StoredMessage } from '../message-outbox.js';
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

  return {
    async enqueue(event, messages) {
      if (messages.length === 0) return;
      const rows = outboxRows(event, messages);
      await write(() => writer.insert(orderMessages).values(rows).run());
    },
    claimDue: (now, limit, leaseUntil) => write(() => claim.all({ now: now.getTime(), limit, leaseUntil: leaseUntil.getTime() }).map(toMessage)),
    markSent: (id, at) => write(() => void sent.run({ id, at: at.getTime() })),
    markRetry: (id, error, at) => write(() => void retry.run({ id, error: boundedError(error), at: at.getTime() })),
    markFailed: (id, error) => write(() => void failed.run({ id, error: boundedError(error) })),
    async pageOf(orderId, { limit, offset }) {
      return { items: page.all({ orderId, limit, offset }).map(toMessage), total: total.get({ orderId })?.n ?? 0 };
    },
  };
}
