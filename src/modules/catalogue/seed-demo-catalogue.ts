import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import { demoCategoryNames } from './domain/demo-categories.js';
import type { CategoryStore } from './ports.js';

/**
 * First start only: fills an empty catalogue with the demo categories. A catalogue that has
 * any category is the admin's and is never touched. Returns how many were inserted.
 */
export function seedDemoCatalogue(deps: { categories: CategoryStore; clock: Clock; newId: IdGenerator }): number {
  if (deps.categories.count() > 0) return 0;
  const start = deps.clock.now().getTime();
  // Lists are newest first, so the first demo name gets the latest time and is shown first.
  const rows = demoCategoryNames.map((name, i) => ({
    id: deps.newId(),
    name,
    createdAt: new Date(start + (demoCategoryNames.length - 1 - i)),
  }));
  deps.categories.insertMany(rows);
  return rows.length;
}
