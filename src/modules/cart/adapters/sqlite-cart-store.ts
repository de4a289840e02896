import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/sqlite.js';
import type { CartStore } from '../ports.js';
import { cartLines } from './schema.js';

export function createSqliteCartStore(db: Db): CartStore {
  const listFor = db
    .select()
    .from(cartLines)
    .where(eq(cartLines.userId, sql.placeholder('userId')))
    .orderBy(desc(cartLines.createdAt), desc(cartLines.id))
    .prepare();
  const find = db
    .select()
    .from(cartLines)
    .where(
      and(
        eq(cartLines.userId, sql.placeholder('userId')),
        eq(cartLines.productId, sql.placeholder('productId')),
        eq(cartLines.size, sql.placeholder('size')),
        eq(cartLines.color, sql.placeholder('color')),
      ),
    )
    .prepare();
  return {
    listFor: (userId) => listFor.all({ userId }),
    find: (userId, productId, size, color) => find.get({ userId, productId, size, color }) ?? null,
    insert: (line) => {
      db.insert(cartLines).values(line).run();
    },
    setQuantity: (id, quantity) => {
      db.update(cartLines).set({ quantity }).where(eq(cartLines.id, id)).run();
    },
    deleteOwn: (id, userId) => db.delete(cartLines).where(and(eq(cartLines.id, id), eq(cartLines.userId, userId))).run().changes,
    deleteLines: (ids) => (ids.length ? db.delete(cartLines).where(inArray(cartLines.id, [...ids])).run().changes : 0),
  };
}
