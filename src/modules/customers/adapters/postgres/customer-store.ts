import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { CustomerStore } from '../../ports.js';
import { customers } from './schema.js';

export function createPgCustomerStore(db: PgQueryable): CustomerStore {
  return {
    async byPhone(phone) {
      const [row] = await db.select().from(customers).where(eq(customers.phone, phone));
      return row ?? null;
    },
    async insert(record) {
      await db.insert(customers).values(record);
    },
    async update(id, fields, at) {
      await db
        .update(customers)
        .set({ name: fields.name, address: fields.address, district: fields.district ?? null, thana: fields.thana ?? null, deliveryLocation: fields.deliveryLocation, updatedAt: at })
        .where(eq(customers.id, id));
    },
    async claim(id, userId, at, from = null) {
      const holder = from === null ? isNull(customers.userId) : eq(customers.userId, from);
      const rows = await db.update(customers).set({ userId, claimedAt: at, updatedAt: at }).where(and(eq(customers.id, id), holder)).returning({ id: customers.id });
      return rows.length === 1;
    },
    async claimedBy(userId, limit) {
      const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId)).orderBy(desc(customers.claimedAt), desc(customers.id)).limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
