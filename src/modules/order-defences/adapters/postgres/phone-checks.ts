import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { PhoneCheckStore } from '../../ports.js';
import { phoneChecks } from './schema.js';

export function createPgPhoneCheckStore(db: PgQueryable): PhoneCheckStore {
  const key = (userId: string, phone: string) => and(eq(phoneChecks.userId, userId), eq(phoneChecks.phone, phone));
  return {
    async get(userId, phone) {
      const [row] = await db.select().from(phoneChecks).where(key(userId, phone));
      return row ?? null;
    },
    async save(check) {
      const { userId: _u, phone: _p, ...rest } = check;
      await db.insert(phoneChecks).values(check).onConflictDoUpdate({ target: [phoneChecks.userId, phoneChecks.phone], set: rest });
    },
    async textedSince(userId, since) {
      const [row] = await db.select({ n: count() }).from(phoneChecks).where(and(eq(phoneChecks.userId, userId), gt(phoneChecks.lastSentAt, since)));
      return row?.n ?? 0;
    },
    async forgetOlder(userId, before) {
      const gone = await db
        .delete(phoneChecks)
        .where(and(eq(phoneChecks.userId, userId), lt(phoneChecks.lastSentAt, before), or(isNull(phoneChecks.verifiedAt), lt(phoneChecks.verifiedAt, before))))
        .returning({ phone: phoneChecks.phone });
      return gone.length;
    },
  };
}
