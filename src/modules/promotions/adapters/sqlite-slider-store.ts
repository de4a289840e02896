import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/sqlite.js';
import type { SliderStore } from '../ports.js';
import { sliders } from './schema.js';

export function createSqliteSliderStore(db: Db): SliderStore {
  const listQuery = db.select().from(sliders).orderBy(desc(sliders.createdAt), desc(sliders.id)).prepare();
  const countQuery = db.select({ n: count() }).from(sliders).prepare();
  return {
    list: () => listQuery.all(),
    count: () => countQuery.get()?.n ?? 0,
    insert: (s) => {
      db.insert(sliders).values(s).run();
    },
    delete: (id) => db.delete(sliders).where(eq(sliders.id, id)).run().changes,
  };
}
