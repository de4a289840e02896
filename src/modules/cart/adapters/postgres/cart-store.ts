import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import { findsNothing } from '../../../../platform/pg-text.js';
import type { CartStore } from '../../ports.js';
import { cartLines } from './schema.js';

export function createPgCartStore(db: PgQueryable): CartStore {
  const changed = { id: cartLines.id };
  return {
    listFor: async (userId, limit) =>
      findsNothing(userId) ? [] : db.select().from(cartLines).where(eq(cartLines.userId, userId)).orderBy(desc(cartLines.createdAt), desc(cartLines.id)).limit(limit),
    count: async (userId) => (findsNothing(userId) ? 0 : ((await db.select({ n: count() }).from(cartLines).where(eq(cartLines.userId, userId)))[0]?.n ?? 0)),
    // The newest line's row lock: a second add of the same customer waits here until the first
    // committed, and its count (a later statement, a later snapshot) sees the first's line.
    async lockLines(userId) {
      if (findsNothing(userId)) return;
      await db.select({ id: cartLines.id }).from(cartLines).where(eq(cartLines.userId, userId)).orderBy(desc(cartLines.createdAt), desc(cartLines.id)).limit(1).for('update');
    },
    // FOR UPDATE: add-to-cart reads a line, then writes its new quantity, in one transaction. On
    // SQLite the writer lock keeps a concurrent add out meanwhile; here the row lock does (a second
    // add waits, then reads the committed quantity). Outside a transaction it is released at once.
    find: async (userId, productId, size, color) =>
      (await db
        .select()
        .from(cartLines)
        .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId), eq(cartLines.size, size), eq(cartLines.color, color)))
        .for('update'))[0] ?? null,
    // FOR UPDATE for the same reason: changing a quantity reads the line, checks stock, then writes.
    findOwn: async (id, userId) =>
      findsNothing(id)
        ? null
        : ((await db
            .select()
            .from(cartLines)
            .where(and(eq(cartLines.id, id), eq(cartLines.userId, userId)))
            .for('update'))[0] ?? null),
    insert: async (line) => (await db.insert(cartLines).values(line).onConflictDoNothing().returning(changed)).length === 1,
    async setQuantity(id, quantity) {
      await db.update(cartLines).set({ quantity }).where(eq(cartLines.id, id));
    },
    deleteOwn: async (id, userId) =>
      findsNothing(id) ? 0 : (await db.delete(cartLines).where(and(eq(cartLines.id, id), eq(cartLines.userId, userId))).returning(changed)).length,
    deleteLines: async (ids) => (ids.length ? (await db.delete(cartLines).where(inArray(cartLines.id, [...ids])).returning(changed)).length : 0),
  };
}
