import { and, eq, gte, lt } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { CourierRecord } from '../../ports.js';
import type { RecordCache } from '../../stores.js';
import { courierRecords } from './schema.js';

export function createPgRecordCache(db: PgQueryable): RecordCache {
  return {
    async get(phone, source, since) {
      const [row] = await db.select().from(courierRecords).where(and(eq(courierRecords.phone, phone), eq(courierRecords.source, source), gte(courierRecords.fetchedAt, since)));
      return row ? { record: JSON.parse(row.record) as CourierRecord, fetchedAt: row.fetchedAt } : null;
    },
    async put(phone, source, record, at, expired) {
      await db.delete(courierRecords).where(lt(courierRecords.fetchedAt, expired));
      const text = JSON.stringify(record);
      await db.insert(courierRecords).values({ phone, source, record: text, fetchedAt: at }).onConflictDoUpdate({ target: [courierRecords.phone, courierRecords.source], set: { record: text, fetchedAt: at } });
    },
  };
}
