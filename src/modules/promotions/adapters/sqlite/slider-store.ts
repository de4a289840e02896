import { count, desc, eq } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { SliderStore } from '../../ports.js';
import { sliders } from './schema.js';

export function createSqliteSliderStore({ read, writer, write }: SqliteSide): SliderStore {
  const listQuery = read.select().from(sliders).orderBy(desc(sliders.createdAt), desc(sliders.id)).prepare();
  const countQuery = read.select({ n: count() }).from(sliders).prepare();
  return {
    list: async () => listQuery.all(),
    count: async () => countQuery.get()?.n ?? 0,
    insert: (s) =>
      write(() => {
        writer.insert(sliders).values(s).run();
      }),
    delete: (id) => write(() => writer.delete(sliders).where(eq(sliders.id, id)).run().changes),
  };
}
