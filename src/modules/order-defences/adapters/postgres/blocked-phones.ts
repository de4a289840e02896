import { count, desc, eq } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { BlockedPhoneStore } from '../../ports.js';
import { blockedPhones } from './schema.js';

/** The phone blocklist on PostgreSQL; the same reads as SQLite's, over the same index. */
export function createPgBlockedPhoneStore(db: PgQueryable): BlockedPhoneStore {
  return {
    async isBlocked(phone) {
      return (await db.select({ phone: blockedPhones.phone }).from(blockedPhones).where(eq(blockedPhones.phone, phone))).length > 0;
    },
    async page(p) {
      const items = await db.select().from(blockedPhones).orderBy(desc(blockedPhones.createdAt), desc(blockedPhones.phone)).limit(p.limit).offset(p.offset);
      const [total] = await db.select({ n: count() }).from(blockedPhones);
      return { items, total: total?.n ?? 0 };
    },
    add: async (row) => (await db.insert(blockedPhones).values(row).onConflictDoNothing().returning({ phone: blockedPhones.phone })).length === 1,
    remove: async (phone) => (await db.delete(blockedPhones).where(eq(blockedPhones.phone, phone)).returning({ phone: blockedPhones.phone })).length,
  };
}
