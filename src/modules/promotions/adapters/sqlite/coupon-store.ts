import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { CouponStore } from '../../ports.js';
import { coupons } from './schema.js';

export function createSqliteCouponStore({ read, writer, write }: SqliteSide): CouponStore {
  // Read at every coupon check and every order: prepared once.
  const byCode = read.select().from(coupons).where(eq(coupons.code, sql.placeholder('code'))).prepare();
  // Served by coupons_created_at: SQLite walks the index backwards and stops after the page.
  const page = read
    .select()
    .from(coupons)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  const total = read.select({ n: count() }).from(coupons).prepare();
  return {
    page: async (p) => ({ items: page.all(p), total: total.get()?.n ?? 0 }),
    byCode: async (code) => byCode.get({ code }) ?? null,
    insert: (c) => write(() => writer.insert(coupons).values(c).onConflictDoNothing().run().changes === 1),
    delete: (id) => write(() => writer.delete(coupons).where(eq(coupons.id, id)).run().changes),
    countUse: (id) =>
      write(
        () =>
          writer
            .update(coupons)
            .set({ uses: sql`${coupons.uses} + 1` })
            .where(and(eq(coupons.id, id), or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses))))
            .run().changes === 1,
      ),
  };
}
