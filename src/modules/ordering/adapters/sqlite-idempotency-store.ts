import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/sqlite.js';
import type { IdempotencyStore } from '../ports.js';
import { orderRequests } from './schema.js';

export function createSqliteIdempotencyStore(db: Db): IdempotencyStore {
  const find = db
    .select({ requestHash: orderRequests.requestHash, orderId: orderRequests.orderId })
    .from(orderRequests)
    .where(and(eq(orderRequests.userId, sql.placeholder('userId')), eq(orderRequests.key, sql.placeholder('key'))))
    .prepare();
  const insert = db
    .insert(orderRequests)
    .values({ userId: sql.placeholder('userId'), key: sql.placeholder('key'), requestHash: sql.placeholder('requestHash'), orderId: sql.placeholder('orderId'), createdAt: sql.placeholder('createdAt') })
    .prepare();
  return {
    find: (userId, key) => find.get({ userId, key }) ?? null,
    remember: (row) => {
      insert.run(row);
    },
  };
}
