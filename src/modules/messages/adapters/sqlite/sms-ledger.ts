import { and, count, eq, gt, gte, lt, min, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import { smsWindows, type SmsCounts } from '../../domain/sms-ceiling.js';
import type { SmsLedger } from '../../ports.js';
import { smsSends } from './schema.js';

/** The SMS ledger on SQLite (decision 048): one writer, so the transaction's lock is the writer's. */
export function createSqliteSmsLedger({ read, writer, write }: SqliteSide): SmsLedger {
  return {
    lock: async () => undefined,
    has: async (id) => read.select({ id: smsSends.id }).from(smsSends).where(eq(smsSends.id, id)).get() !== undefined,
    async counts(phone, address, now) {
      const w = smsWindows(now);
      const [hourAgo, dayAgo, todayStart, addr] = [w.hourAgo.getTime(), w.dayAgo.getTime(), w.todayStart.getTime(), address ?? ''];
      // The six counts in one statement, each over sms_sends_phone_at, _address_at or _at.
      const row = read.get<Partial<Record<keyof SmsCounts, number>>>(sql`select
        (select count(*) from sms_sends where phone = ${phone} and at > ${hourAgo}) as numberHour,
        (select count(*) from sms_sends where phone = ${phone} and at > ${dayAgo}) as numberDay,
        (select count(*) from sms_sends where address = ${addr} and at > ${hourAgo}) as addressHour,
        (select count(*) from sms_sends where address = ${addr} and at > ${dayAgo}) as addressDay,
        (select count(*) from sms_sends where at > ${hourAgo}) as shopHour,
        (select count(*) from sms_sends where at >= ${todayStart}) as shopToday`);
      const n = (v: number | undefined) => Number(v ?? 0);
      return {
        numberHour: n(row?.numberHour),
        numberDay: n(row?.numberDay),
        addressHour: address === null ? 0 : n(row?.addressHour),
        addressDay: address === null ? 0 : n(row?.addressDay),
        shopHour: n(row?.shopHour),
        shopToday: n(row?.shopToday),
      };
    },
    async oldestSince(scope, since) {
      const whose = scope === null ? undefined : 'phone' in scope ? eq(smsSends.phone, scope.phone) : eq(smsSends.address, scope.address);
      const row = read.select({ at: min(smsSends.at) }).from(smsSends).where(and(whose, gt(smsSends.at, since))).get();
      return row?.at ?? null;
    },
    add: (row) =>
      write(() => {
        writer.insert(smsSends).values(row).onConflictDoNothing().run();
      }),
    prune: (before) => write(() => writer.delete(smsSends).where(lt(smsSends.at, before)).run().changes),
    async usage(todayStart, hourAgo) {
      const today = read.select({ n: count() }).from(smsSends).where(gte(smsSends.at, todayStart)).get()?.n ?? 0;
      const codesToday = read.select({ n: count() }).from(smsSends).where(and(gte(smsSends.at, todayStart), eq(smsSends.kind, 'code'))).get()?.n ?? 0;
      const lastHour = read.select({ n: count() }).from(smsSends).where(gt(smsSends.at, hourAgo)).get()?.n ?? 0;
      return { today, codesToday, lastHour };
    },
  };
}
