import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { Db } from '../../platform/sqlite.js';
import { catalogueRoutes } from './adapters/http.js';
import { createSqliteCategoryStore } from './adapters/sqlite-category-store.js';
import { seedDemoCatalogue } from './seed-demo-catalogue.js';

export type { CategoryDto } from './adapters/http.js';
export type { Category } from './domain/category.js';

export type CatalogueDeps = { db: Db; clock: Clock; newId: IdGenerator };

/** The catalogue module's whole public surface. */
export function createCatalogueModule(deps: CatalogueDeps) {
  const categories = createSqliteCategoryStore(deps.db);
  return {
    routes: catalogueRoutes({ categories }),
    seedDemo: () => ({ categories: seedDemoCatalogue({ categories, clock: deps.clock, newId: deps.newId }) }),
  };
}

export type CatalogueModule = ReturnType<typeof createCatalogueModule>;
