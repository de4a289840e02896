import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const sliders = sqliteTable(
  'sliders',
  {
    id: text('id').primaryKey(),
    image: text('image').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sliders_created_at').on(t.createdAt)],
);
