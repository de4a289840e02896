import { and, count, eq, gt, gte, lt, min, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import { smsWindows } from '../../domain/sms-ceiling.js';
import type { SmsLedger } from '../../ports.js';
import { smsSends } from './schema.js';

/** The advisory lock's key: the SMS ledger's, held to the end of the transaction that takes it. */
const ledgerLockKey = 0x5e5_0048;

/**
 * The SMS ledger on PostgreSQL (decision 048), shared by every shop process: a transaction takes
 * the ledger's advisory lock before it counts, so two processes never both pass the last place
 * under a ceiling.
 */
export function createPgSmsLedger(db: PgQueryable): SmsLedger {
  return {
    async lock() {
      await db.execute(sql`select pg_advisory_xact_lock(${ledgerLockKey})`);
    },
    async has(id) {
      const [row] = await db.select({ id: smsSends.id }).from(smsSends).where(eq(smsSends.id, id));
      return row !== undefined;
    },
    async counts(phone, address, now) {
      const w = smsWindows(now);
      const { rows } = await db.execute<Record<string, string | number>>(sql`select
        (select count(*) from sms_sends where phone = ${phone} and at > ${w.hourAgo}) as "numberHour",
        (select count(*) from sms_sends where phone = ${phone} and at > ${w.dayAgo}) as "numberDay",
        (select count(*) from sms_sends where address = ${address ?? ''} and at > ${w.hourAgo}) as "addressHour",
        (select count(*) from sms_sends where address = ${address ?? ''} and at > ${w.dayAgo}) as "addressDay",
        (select count(*) from sms_sends where at > ${w.hourAgo}) as "shopHour",
        (select count(*) from sms_sends where at >= ${w.todayStart}) as "shopToday"`);
      const row = rows[0] ?? {};
      const n = (v: string | number | undefined) => Number(v ?? 0);
      return {
        numberHour: n(row.numberHour),
        numberDay: n(row.numberDay),
        addressHour: address === null ? 0 : n(row.addressHour),
        addressDay: address === null ? 0 : n(row.addressDay),
        shopHour: n(row.shopHour),
        shopToday: n(row.shopToday),
      };
    },
    async oldestSince(scope, since) {
      const whose = scope === null ? undefined : 'phone' in scope ? eq(smsSends.phone, scope.phone) : eq(smsSends.address, scope.address);
      const [row] = await db.select({ at: min(smsSends.at) }).from(smsSends).where(and(whose, gt(smsSends.at, since)));
      return row?.at ?? null;
    },
    async add(row) {
      await db.insert(smsSends).values(row).onConflictDoNothing();
    },
    async prune(before) {
      const gone = await db.delete(smsSends).where(lt(smsSends.at, before)).returning({ id: smsSends.id });
      return gone.length;
    },
    async usage(todayStart, hourAgo) {
      const [today] = await db.select({ n: count() }).from(smsSends).where(gte(smsSends.at, todayStart));
      const [codes] = await db.select({ n: count() }).from(smsSends).where(and(gte(smsSends.at, todayStart), eq(smsSends.kind, 'code')));
      const [hour] = await db.select({ n: count() }).from(smsSends).where(gt(smsSends.at, hourAgo));
      return { today: today?.n ?? 0, codesToday: codes?.n ?? 0, lastHour: hour?.n ?? 0 };
    },
  };
}
