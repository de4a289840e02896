import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { PhoneCheckStore } from '../../ports.js';
import { phoneChecks } from './schema.js';

export function createSqlitePhoneCheckStore({ read, writer, write }: SqliteSide): PhoneCheckStore {
  const key = (userId: string, phone: string) => and(eq(phoneChecks.userId, userId), eq(phoneChecks.phone, phone));
  return {
    get: async (userId, phone) => read.select().from(phoneChecks).where(key(userId, phone)).get() ?? null,
    save: (check) =>
      write(() => {
        const { userId: _u, phone: _p, ...rest } = check;
        writer.insert(phoneChecks).values(check).onConflictDoUpdate({ target: [phoneChecks.userId, phoneChecks.phone], set: rest }).run();
      }),
    // Over phone_checks_user_sent.
    textedSince: async (userId, since) => read.select({ n: count() }).from(phoneChecks).where(and(eq(phoneChecks.userId, userId), gt(phoneChecks.lastSentAt, since))).get()?.n ?? 0,
    forgetOlder: (userId, before) =>
      write(
        () =>
          writer
            .delete(phoneChecks)
            .where(and(eq(phoneChecks.userId, userId), lt(phoneChecks.lastSentAt, before), or(isNull(phoneChecks.verifiedAt), lt(phoneChecks.verifiedAt, before))))
            .run().changes,
      ),
  };
}
