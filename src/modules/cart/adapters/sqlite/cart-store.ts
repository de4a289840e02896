import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { CartStore } from '../../ports.js';
import { cartLines } from './schema.js';

export function createSqliteCartStore({ read, writer, write }: SqliteSide): CartStore {
  const listFor = read
    .select()
    .from(cartLines)
    .where(eq(cartLines.userId, sql.placeholder('userId')))
    .orderBy(desc(cartLines.createdAt), desc(cartLines.id))
    .limit(sql.placeholder('limit'))
    .prepare();
  // Over cart_lines_user alone (it covers user_id).
  const countFor = read.select({ n: count() }).from(cartLines).where(eq(cartLines.userId, sql.placeholder('userId'))).prepare();
  const find = read
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
  const findOwn = read
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.id, sql.placeholder('id')), eq(cartLines.userId, sql.placeholder('userId'))))
    .prepare();
  return {
    listFor: async (userId, limit) => listFor.all({ userId, limit }),
    count: async (userId) => countFor.get({ userId })?.n ?? 0,
    // The writer lock of the caller's transaction already makes adds count one after another.
    lockLines: async () => {},
    find: async (userId, productId, size, color) => find.get({ userId, productId, size, color }) ?? null,
    findOwn: async (id, userId) => findOwn.get({ id, userId }) ?? null,
    insert: (line) => write(() => writer.insert(cartLines).values(line).onConflictDoNothing().run().changes === 1),
    setQuantity: (id, quantity) =>
      write(() => {
        writer.update(cartLines).set({ quantity }).where(eq(cartLines.id, id)).run();
      }),
    deleteOwn: (id, userId) => write(() => writer.delete(cartLines).where(and(eq(cartLines.id, id), eq(cartLines.userId, userId))).run().changes),
    deleteLines: (ids) => write(() => (ids.length ? writer.delete(cartLines).where(inArray(cartLines.id, [...ids])).run().changes : 0)),
  };
}
