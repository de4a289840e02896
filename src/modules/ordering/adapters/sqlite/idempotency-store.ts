import { and, eq, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { IdempotencyStore } from '../../ports.js';
import { orderRequests } from './schema.js';

export function createSqliteIdempotencyStore({ read, writer, write }: SqliteSide): IdempotencyStore {
  const find = read
    .select({ requestHash: orderRequests.requestHash, orderId: orderRequests.orderId })
    .from(orderRequests)
    .where(and(eq(orderRequests.userId, sql.placeholder('userId')), eq(orderRequests.key, sql.placeholder('key'))))
    .prepare();
  const insert = writer
    .insert(orderRequests)
    .values({ userId: sql.placeholder('userId'), key: sql.placeholder('key'), requestHash: sql.placeholder('requestHash'), orderId: sql.placeholder('orderId'), createdAt: sql.placeholder('createdAt') })
    .prepare();
  return {
    find: async (userId, key) => find.get({ userId, key }) ?? null,
    remember: (row) =>
      write(() => {
        insert.run(row);
      }),
  };
}
