import { and, asc, count, desc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import { holdRowOf, type AttemptRow, type AttemptStore, type HoldRow, type HoldStore } from '../../stores.js';
import { paymentAttempts, paymentHolds } from './schema.js';

/** payment_holds on SQLite. */
export function createSqliteHoldStore({ read, writer, write }: SqliteSide): HoldStore {
  return {
    save: (order) =>
      write(() => {
        const row = holdRowOf(order);
        if (!row) return;
        const { orderId: _id, ...rest } = row;
        writer.insert(paymentHolds).values(row).onConflictDoUpdate({ target: paymentHolds.orderId, set: rest }).run();
      }),
    byOrder: async (orderId) => (read.select().from(paymentHolds).where(eq(paymentHolds.orderId, orderId)).get() as HoldRow | undefined) ?? null,
    due: async (now, limit) =>
      read
        .select()
        .from(paymentHolds)
        .where(and(eq(paymentHolds.state, 'awaiting'), lte(paymentHolds.holdUntil, now)))
        .orderBy(asc(paymentHolds.holdUntil), asc(paymentHolds.orderId))
        .limit(limit)
        .all() as HoldRow[],
    money: async (from, to) => {
      const paid = read
        .select({ n: count(), sum: sql<number>`coalesce(sum(${paymentHolds.amount}), 0)`.mapWith(Number) })
        .from(paymentHolds)
        .where(and(gte(paymentHolds.paidAt, from), lt(paymentHolds.paidAt, to)))
        .get();
      const refunded = read
        .select({ n: count(), sum: sql<number>`coalesce(sum(${paymentHolds.refundedAmount}), 0)`.mapWith(Number) })
        .from(paymentHolds)
        .where(and(gte(paymentHolds.refundedAt, from), lt(paymentHolds.refundedAt, to)))
        .get();
      return { paidOrders: paid?.n ?? 0, paidAmount: paid?.sum ?? 0, refundedOrders: refunded?.n ?? 0, refundedAmount: refunded?.sum ?? 0 };
    },
  };
}

/** payment_attempts on SQLite. */
export function createSqliteAttemptStore({ read, writer, write }: SqliteSide): AttemptStore {
  return {
    add: (row) =>
      write(() => {
        writer.insert(paymentAttempts).values(row).run();
      }),
    byPaymentId: async (provider, paymentId) => (read.select().from(paymentAttempts).where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.paymentId, paymentId))).get() as AttemptRow | undefined) ?? null,
    ofOrder: async (orderId, limit) => read.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id)).limit(limit).all() as AttemptRow[],
    countOf: async (orderId) => read.select({ n: count() }).from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).get()?.n ?? 0,
    mark: (id, state, message, at) =>
      write(() => {
        writer
          .update(paymentAttempts)
          .set({ state, message: message?.slice(0, 300) ?? null, updatedAt: at })
          .where(and(eq(paymentAttempts.id, id), ne(paymentAttempts.state, 'completed')))
          .run();
      }),
  };
}
