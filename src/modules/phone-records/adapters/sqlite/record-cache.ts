import { and, eq, gte, lt } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { CourierRecord } from '../../ports.js';
import type { RecordCache } from '../../stores.js';
import { courierRecords } from './schema.js';

export function createSqliteRecordCache({ read, writer, write }: SqliteSide): RecordCache {
  return {
    get: async (phone, source, since) => {
      const row = read.select().from(courierRecords).where(and(eq(courierRecords.phone, phone), eq(courierRecords.source, source), gte(courierRecords.fetchedAt, since))).get();
      return row ? { record: JSON.parse(row.record) as CourierRecord, fetchedAt: row.fetchedAt } : null;
    },
    put: (phone, source, record, at, expired) =>
      write(() => {
        writer.delete(courierRecords).where(lt(courierRecords.fetchedAt, expired)).run();
        const text = JSON.stringify(record);
        writer.insert(courierRecords).values({ phone, source, record: text, fetchedAt: at }).onConflictDoUpdate({ target: [courierRecords.phone, courierRecords.source], set: { record: text, fetchedAt: at } }).run();
      }),
  };
}
