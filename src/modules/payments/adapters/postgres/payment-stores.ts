import { and, asc, count, desc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import { holdRowOf, type AttemptRow, type AttemptStore, type HoldRow, type HoldStore } from '../../stores.js';
import { paymentAttempts, paymentHolds } from './schema.js';

/** payment_holds on PostgreSQL. */
export function createPgHoldStore(db: PgQueryable): HoldStore {
  return {
    async save(order) {
      const row = holdRowOf(order);
      if (!row) return;
      const { orderId: _id, ...rest } = row;
      await db.insert(paymentHolds).values(row).onConflictDoUpdate({ target: paymentHolds.orderId, set: rest });
    },
    byOrder: async (orderId) => ((await db.select().from(paymentHolds).where(eq(paymentHolds.orderId, orderId)))[0] as HoldRow | undefined) ?? null,
    due: async (now, limit) =>
      (await db
        .select()
        .from(paymentHolds)
        .where(and(eq(paymentHolds.state, 'awaiting'), lte(paymentHolds.holdUntil, now)))
        .orderBy(asc(paymentHolds.holdUntil), asc(paymentHolds.orderId))
        .limit(limit)) as HoldRow[],
    async money(from, to) {
      const [paid] = await db
        .select({ n: count(), sum: sql<number>`coalesce(sum(${paymentHolds.amount}), 0)`.mapWith(Number) })
        .from(paymentHolds)
        .where(and(gte(paymentHolds.paidAt, from), lt(paymentHolds.paidAt, to)));
      const [refunded] = await db
        .select({ n: count(), sum: sql<number>`coalesce(sum(${paymentHolds.refundedAmount}), 0)`.mapWith(Number) })
        .from(paymentHolds)
        .where(and(gte(paymentHolds.refundedAt, from), lt(paymentHolds.refundedAt, to)));
      return { paidOrders: paid?.n ?? 0, paidAmount: paid?.sum ?? 0, refundedOrders: refunded?.n ?? 0, refundedAmount: refunded?.sum ?? 0 };
    },
  };
}

/** payment_attempts on PostgreSQL. */
export function createPgAttemptStore(db: PgQueryable): AttemptStore {
  return {
    async add(row) {
      await db.insert(paymentAttempts).values(row);
    },
    byPaymentId: async (provider, paymentId) => ((await db.select().from(paymentAttempts).where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.paymentId, paymentId))))[0] as AttemptRow | undefined) ?? null,
    ofOrder: async (orderId, limit) => (await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id)).limit(limit)) as AttemptRow[],
    countOf: async (orderId) => (await db.select({ n: count() }).from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)))[0]?.n ?? 0,
    async mark(id, state, message, at) {
      await db
        .update(paymentAttempts)
        .set({ state, message: message?.slice(0, 300) ?? null, updatedAt: at })
        .where(and(eq(paymentAttempts.id, id), ne(paymentAttempts.state, 'completed')));
    },
  };
}
