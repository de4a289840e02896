import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { CustomerRecord, CustomerStore } from '../../ports.js';
import { customers } from './schema.js';

export function createSqliteCustomerStore({ read, writer, write }: SqliteSide): CustomerStore {
  const byPhone = read.select().from(customers).where(eq(customers.phone, sql.placeholder('phone'))).prepare();
  const claimedBy = read
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.userId, sql.placeholder('userId')))
    .orderBy(desc(customers.claimedAt), desc(customers.id))
    .limit(sql.placeholder('limit'))
    .prepare();
  return {
    byPhone: async (phone) => (byPhone.get({ phone }) as CustomerRecord | undefined) ?? null,
    insert: (record) => write(() => void writer.insert(customers).values(record).run()),
    update: (id, fields, at) =>
      write(
        () =>
          void writer
            .update(customers)
            .set({ name: fields.name, address: fields.address, district: fields.district ?? null, thana: fields.thana ?? null, deliveryLocation: fields.deliveryLocation, updatedAt: at })
            .where(eq(customers.id, id))
            .run(),
      ),
    claim: (id, userId, at, from = null) =>
      write(
        () =>
          writer
            .update(customers)
            .set({ userId, claimedAt: at, updatedAt: at })
            .where(and(eq(customers.id, id), from === null ? isNull(customers.userId) : eq(customers.userId, from)))
            .run().changes === 1,
      ),
    claimedBy: async (userId, limit) => claimedBy.all({ userId, limit }).map((r) => r.id),
  };
}
