import { count, desc, eq } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { SliderStore } from '../../ports.js';
import { sliders } from './schema.js';

export function createPgSliderStore(db: PgQueryable): SliderStore {
  return {
    list: async () => db.select().from(sliders).orderBy(desc(sliders.createdAt), desc(sliders.id)),
    count: async () => (await db.select({ n: count() }).from(sliders))[0]?.n ?? 0,
    async insert(s) {
      await db.insert(sliders).values(s);
    },
    delete: async (id) => (await db.delete(sliders).where(eq(sliders.id, id)).returning({ id: sliders.id })).length,
  };
}
