import type { MiddlewareHandler } from 'hono';
import { createChangeTag } from '../../platform/http/change-tag.js';
import type { Db } from '../../platform/sqlite.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import { promotionsRoutes } from './adapters/http.js';
import { createSqliteSliderStore } from './adapters/sqlite-slider-store.js';
import { seedDemoSliders } from './manage-sliders.js';

export type { SliderDto } from './adapters/http.js';
export { demoBanners } from './domain/demo-banners.js';

export type PromotionsDeps = { db: Db; clock: Clock; newId: IdGenerator; requireAdmin: MiddlewareHandler };

/** The promotions module's whole public surface (banners now; coupons join it later). */
export function createPromotionsModule(deps: PromotionsDeps) {
  const sliders = createSqliteSliderStore(deps.db);
  const changes = createChangeTag();
  return {
    routes: promotionsRoutes({ sliders, clock: deps.clock, newId: deps.newId, requireAdmin: deps.requireAdmin, changes }),
    seedDemo: async (makeImages: () => Promise<string[]>) => {
      const banners = await seedDemoSliders({ sliders, clock: deps.clock, newId: deps.newId }, makeImages);
      if (banners > 0) changes.bump();
      return { banners };
    },
  };
}

export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
