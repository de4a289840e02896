import type { StaffGuard } from '../../platform/http/contract.js';
import type { MiddlewareHandler } from 'hono';
import { changeTagFor, recordChangeIn, recordedWrites } from '../../platform/change-versions.js';
import type { Logger } from '../../platform/logger.js';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import { promotionsRoutes, tooManyCouponAttempts } from './adapters/http.js';
import { rateLimiterFor } from '../../platform/shared-limits.js';
import type { AuthVariables } from '../identity/index.js';
import { createPgCouponStore } from './adapters/postgres/coupon-store.js';
import { createPgSliderStore } from './adapters/postgres/slider-store.js';
import { createSqliteCouponStore } from './adapters/sqlite/coupon-store.js';
import { createSqliteSliderStore } from './adapters/sqlite/slider-store.js';
import { findCoupon, redeemCoupon } from './manage-coupons.js';
import { seedDemoSliders, type LinkTargets } from './manage-sliders.js';
import { importCoupon, importSliders, type CouponToImport, type ImportedCouponOutcome, type SliderToImport } from './import-promotions.js';

export { demoBanners } from './domain/demo-banners.js';

/**
 * For `npm run import:original` (issue 19, decision 041): the old shop's coupons and slides, a
 * batch per transaction (recording a promotions change, so running shops on PostgreSQL see it).
 */
export function openPromotionsImport(database: ShopDatabase, options: { dryRun: boolean; tx?: Tx | undefined }) {
  const stores = bindStores(database, {
    sqlite: (side) => ({ sliders: createSqliteSliderStore(side), coupons: createSqliteCouponStore(side) }),
    postgres: (db) => ({ sliders: createPgSliderStore(db), coupons: createPgCouponStore(db) }),
  });
  // `tx`: the import's one transaction (issue 40: a real run writes everything or nothing); else a transaction a batch.
  const within = <T>(work: (tx: Tx) => Promise<T>) => (options.tx ? work(options.tx) : database.transaction(work));
  const recorded = async <R extends { outcome: string }>(tx: Tx, outcomes: R[]) => {
    if (!options.dryRun && outcomes.some((o) => o.outcome === 'added')) await recordChangeIn(tx, 'promotions');
    return outcomes;
  };
  return {
    importCoupons: (batch: readonly CouponToImport[]) =>
      within(async (tx) => {
        const { coupons } = stores.in(tx);
        const outcomes: ImportedCouponOutcome[] = [];
        for (const coupon of batch) outcomes.push(await importCoupon(coupons, coupon, options.dryRun));
        return recorded(tx, outcomes);
      }),
    importSliders: (batch: readonly SliderToImport[]) => within(async (tx) => recorded(tx, await importSliders(stores.in(tx).sliders, batch, options.dryRun))),
  };
}
export type { CouponToImport, ImportedCouponOutcome, SliderToImport } from './import-promotions.js';

export type PromotionsDeps = {
  database: ShopDatabase;
  clock: Clock;
  newId: IdGenerator;
  requireStaff: StaffGuard;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  logger: Logger;
  /** What a banner may link to (the catalogue, wired in shop.ts; issue 33). */
  linkTargets: LinkTargets;
  /** The catalogue's change tag, part of the banners' ETag. */
  catalogueVersion: () => string;
  /** Coupon look-ups allowed per user in 15 minutes. */
  couponChecksPer15Min?: number;
};

const couponVerdict = (limit: { allowed: true } | { allowed: false; retryAfterSeconds: number }) =>
  limit.allowed ? null : { error: tooManyCouponAttempts(), retryAfterSeconds: limit.retryAfterSeconds };

/** The promotions module's whole public surface (banners now; coupons join it later). */
export function createPromotionsModule(deps: PromotionsDeps) {
  const stores = bindStores(deps.database, {
    sqlite: (side) => ({ sliders: createSqliteSliderStore(side), coupons: createSqliteCouponStore(side) }),
    postgres: (db) => ({ sliders: createPgSliderStore(db), coupons: createPgCouponStore(db) }),
  });
  const { sliders, coupons } = stores.outside;
  // The banners' ETag; coupons are not cached (admin pages and a per-user check).
  const changes = changeTagFor(deps.database, 'promotions', { onError: (error) => deps.logger.warn('promotions version read failed', { error }) });
  const write = recordedWrites(deps.database, 'promotions', changes, (tx) => stores.in(tx).sliders);
  const couponChecks = rateLimiterFor(deps.database, { scope: 'coupon-checks', limit: deps.couponChecksPer15Min ?? 30, windowMs: 15 * 60 * 1000, clock: deps.clock });
  return {
    routes: [promotionsRoutes({ ...deps, sliders, coupons, couponChecks, changes, writeSliders: write })],
    /** For ordering: the coupon behind a code now (checked again at every order), as its transaction sees it. */
    couponByCodeIn: (tx: Tx, code: string) => findCoupon({ coupons: stores.in(tx).coupons }, code),
    /** For ordering: the coupon checked against its rules for the order's subtotal, its use counted in the order's transaction (decision 059); null: no such code. */
    redeemCouponIn: (tx: Tx, code: string, subtotal: number) => redeemCoupon({ coupons: stores.in(tx).coupons }, code, deps.clock.now(), subtotal),
    /**
     * For ordering: POST /api/orders shares GET /api/coupon/:code's limit per user, so codes
     * cannot be guessed through orders either (issue 12). A wrong code counts; once over the
     * limit, any code is refused with the coupon route's own answer.
     */
    couponGuesses: {
      blocked: async (userId: string) => couponVerdict(await couponChecks.peek(userId)),
      wrongCode: async (userId: string) => couponVerdict(await couponChecks.hit(userId)),
    },
    seedDemo: async (makeImages: () => Promise<string[]>) => {
      const transaction = async <T>(work: (inTx: typeof sliders) => Promise<T>) => (await write(async (inTx) => ({ ok: true, value: await work(inTx) }))).value;
      const banners = await seedDemoSliders({ sliders, clock: deps.clock, newId: deps.newId, transaction }, makeImages);
      return { banners };
    },
    /** Stops the version polling (PostgreSQL). */
    stop: () => changes.stop(),
    /** Settles once the banners' tag is the shared one (PostgreSQL's first read). */
    ready: changes.ready,
  };
}
