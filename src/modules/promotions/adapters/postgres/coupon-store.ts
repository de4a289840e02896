import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import { findsNothing } from '../../../../platform/pg-text.js';
import type { CouponStore } from '../../ports.js';
import { coupons } from './schema.js';

export function createPgCouponStore(db: PgQueryable): CouponStore {
  return {
    async page(p) {
      // Served by coupons_created_at, as on SQLite.
      const items = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(p.limit).offset(p.offset);
      const [total] = await db.select({ n: count() }).from(coupons);
      return { items, total: total?.n ?? 0 };
    },
    byCode: async (code) => findsNothing(code) ? null : (await db.select().from(coupons).where(eq(coupons.code, code)))[0] ?? null,
    insert: async (c) => (await db.insert(coupons).values(c).onConflictDoNothing().returning({ id: coupons.id })).length === 1,
    delete: async (id) => findsNothing(id) ? 0 : (await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id })).length,
    // A second order waits for the first's row lock, then re-checks the WHERE on the committed row (READ COMMITTED).
    countUse: async (id) =>
      (
        await db
          .update(coupons)
          .set({ uses: sql`${coupons.uses} + 1` })
          .where(and(eq(coupons.id, id), or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses))))
          .returning({ id: coupons.id })
      ).length === 1,
  };
}
