import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import { boundedError, outboxRows, shopMessageOrderId, type MessageOutbox, type StoredMessage } from '../../message-outbox.js';
import { orderMessages } from './schema.js';

type Row = typeof orderMessages.$inferSelect;
const toMessage = (row: Row): StoredMessage => ({ ...row });

/**
 * The outbox on PostgreSQL, shared by every shop process: a claim is one statement that locks the
 * due rows it picks with `FOR UPDATE SKIP LOCKED` (rows another process is taking are skipped, not
 * waited for) and moves their next_attempt_at to the lease's end, so after it commits nobody else
 * sees them due until the lease ends. No message is taken twice at once.
 */
export function createPgMessageStore(db: PgQueryable): MessageOutbox {
  return {
    async enqueue(event, messages) {
      if (messages.length === 0) return;
      await db.insert(orderMessages).values(outboxRows(event, messages));
    },
    async claimDue(now, limit, leaseUntil) {
      const picked = db
        .select({ id: orderMessages.id })
        .from(orderMessages)
        .where(and(eq(orderMessages.state, 'pending'), lte(orderMessages.nextAttemptAt, now)))
        .orderBy(asc(orderMessages.nextAttemptAt), asc(orderMessages.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(orderMessages)
        .set({ attempts: sql`${orderMessages.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(sql`${orderMessages.id} in (${picked})`)
        .returning();
      return rows.map(toMessage).sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id.localeCompare(b.id));
    },
    async settle(outcomes) {
      if (outcomes.length === 0) return;
      // One transaction (one commit) for the turn's marks.
      await db.transaction(async (tx) => {
        for (const o of outcomes) {
          if (o.state === 'sent') await tx.update(orderMessages).set({ state: 'sent', sentAt: o.at, lastError: null }).where(eq(orderMessages.id, o.id));
          else if (o.state === 'retry') {
            await tx
              .update(orderMessages)
              .set({ lastError: boundedError(o.error), nextAttemptAt: o.nextAttemptAt })
              .where(and(eq(orderMessages.id, o.id), eq(orderMessages.state, 'pending')));
          } else if (o.state === 'held') {
            // next_attempt_at is when it was held, so heldSince() reads order_messages_due (decision 048).
            await tx.update(orderMessages).set({ state: 'held', lastError: boundedError(o.reason), nextAttemptAt: o.at }).where(eq(orderMessages.id, o.id));
          } else await tx.update(orderMessages).set({ state: 'failed', lastError: boundedError(o.error) }).where(eq(orderMessages.id, o.id));
        }
      });
    },
    async pageOf(orderId, { limit, offset }) {
      const where = eq(orderMessages.orderId, orderId);
      const items = await db.select().from(orderMessages).where(where).orderBy(asc(orderMessages.eventSeq), asc(orderMessages.id)).limit(limit).offset(offset);
      const [row] = await db.select({ n: count() }).from(orderMessages).where(where);
      return { items: items.map(toMessage), total: row?.n ?? 0 };
    },
    async enqueueOnce(id, message, at) {
      const stored = await db
        .insert(orderMessages)
        .values({ ...outboxRows({ orderId: shopMessageOrderId, seq: 0, type: 'Placed', at }, [message])[0]!, id })
        .onConflictDoNothing()
        .returning({ id: orderMessages.id });
      return stored.length > 0;
    },
    async heldSince(since) {
      const [row] = await db
        .select({ n: count() })
        .from(orderMessages)
        .where(and(eq(orderMessages.state, 'held'), gte(orderMessages.nextAttemptAt, since)));
      return row?.n ?? 0;
    },
  };
}
