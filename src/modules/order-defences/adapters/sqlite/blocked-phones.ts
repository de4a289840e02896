import { count, desc, eq, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { BlockedPhoneStore } from '../../ports.js';
import { blockedPhones } from './schema.js';

export function createSqliteBlockedPhoneStore({ read, writer, write }: SqliteSide): BlockedPhoneStore {
  // Asked inside every order's unit of work: prepared once, a primary-key read.
  const listed = read.select({ phone: blockedPhones.phone }).from(blockedPhones).where(eq(blockedPhones.phone, sql.placeholder('phone'))).prepare();
  // Served by blocked_phones_created, walked backwards.
  const page = read
    .select()
    .from(blockedPhones)
    .orderBy(desc(blockedPhones.createdAt), desc(blockedPhones.phone))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  const total = read.select({ n: count() }).from(blockedPhones).prepare();
  return {
    isBlocked: async (phone) => listed.get({ phone }) !== undefined,
    page: async (p) => ({ items: page.all(p), total: total.get()?.n ?? 0 }),
    add: (row) => write(() => writer.insert(blockedPhones).values(row).onConflictDoNothing().run().changes === 1),
    remove: (phone) => write(() => writer.delete(blockedPhones).where(eq(blockedPhones.phone, phone)).run().changes),
  };
}
