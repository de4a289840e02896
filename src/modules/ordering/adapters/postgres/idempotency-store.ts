import { and, eq } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { IdempotencyStore } from '../../ports.js';
import { orderRequests } from './schema.js';

export function createPgIdempotencyStore(db: PgQueryable): IdempotencyStore {
  return {
    async find(userId, key) {
      const [row] = await db
        .select({ requestHash: orderRequests.requestHash, orderId: orderRequests.orderId })
        .from(orderRequests)
        .where(and(eq(orderRequests.userId, userId), eq(orderRequests.key, key)));
      return row ?? null;
    },
    async remember(row) {
      await db.insert(orderRequests).values(row);
    },
  };
}
