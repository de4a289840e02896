import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/sqlite.js';
import type { CouponStore } from '../ports.js';
import { coupons } from './schema.js';

export function createSqliteCouponStore(db: Db): CouponStore {
  // Read at every coupon check and every order: prepared once.
  const byCode = db.select().from(coupons).where(eq(coupons.code, sql.placeholder('code'))).prepare();
  // Served by coupons_created_at: SQLite walks the index backwards and stops after the page.
  const page = db
    .select()
    .from(coupons)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  const total = db.select({ n: count() }).from(coupons).prepare();
  return {
    page: (p) => ({ items: page.all(p), total: total.get()?.n ?? 0 }),
    byCode: (code) => byCode.get({ code }) ?? null,
    insert: (c) => {
      db.insert(coupons).values(c).run();
    },
    delete: (id) => db.delete(coupons).where(eq(coupons.id, id)).run().changes,
  };
}
