import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type SiteConfig } from '../../src/app.js';
import { createCartModule } from '../../src/modules/cart/index.js';
import { createCatalogueModule } from '../../src/modules/catalogue/index.js';
import { createIdentityModule, type FirebaseSettings } from '../../src/modules/identity/index.js';
import { createOrderingModule, type GroupCommitOptions, type PlacementLimits } from '../../src/modules/ordering/index.js';
import { createPromotionsModule } from '../../src/modules/promotions/index.js';
import type { ImageStore } from '../../src/platform/image-store/image-store.js';
import { createLocalDiskImageStore } from '../../src/platform/image-store/local-disk-image-store.js';
import { createMemoryLogger } from '../../src/platform/logger.js';
import type { Mail, Mailer } from '../../src/platform/mailer/mailer.js';
import { checkDatabase, openDatabase, runMigrations } from '../../src/platform/sqlite.js';
import type { Clock } from '../../src/shared/clock.js';
import { newId } from '../../src/shared/ids.js';

export const testSite: Omit<SiteConfig, 'auth'> = {
  shopName: 'Test Shop',
  contact: { phone: '+880 1711-111111', email: 'help@test.example' },
  social: { facebook: 'https://facebook.test/', instagram: 'https://instagram.test/', youtube: 'https://youtube.test/' },
};

/** A clock the test can move. */
export function movableClock(start = '2026-01-01T00:00:00Z') {
  let now = new Date(start).getTime();
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
}

export type TestAppOptions = {
  webDistDir?: string;
  bodyLimitBytes?: number;
  provider?: 'local' | 'firebase';
  firebase?: FirebaseSettings;
  adminEmail?: string;
  rateLimitPerEmail?: number;
  mailer?: Mailer;
  /** Proxies in front (TRUST_PROXY); 1 by default, so tests vary the address with X-Forwarded-For. */
  trustProxy?: number;
  /** Defaults to the local disk store in the test's folder. */
  images?: ImageStore;
  auditKey?: string;
  /** Events GET /api/audit checks per call (the default is production's). */
  auditSliceEvents?: number;
  couponChecksPer15Min?: number;
  /** Ordering's group commit (e.g. a schedule the test releases by hand). */
  orderCommits?: GroupCommitOptions;
  /** MAX_PENDING_ORDERS / ORDERS_PER_HOUR; high by default so that other tests may order freely. */
  placementLimits?: Partial<PlacementLimits>;
};

/**
 * A real app over a real SQLite file with the real migrations, in a fresh temporary folder,
 * wired like main.ts. Mails go to `outbox` unless a mailer is given; the password hash cost is
 * lowered so tests stay fast (the algorithm is the same). The catalogue starts empty; `seedDemo()`
 * inserts the demo catalogue.
 */
export function createTestApp(options: TestAppOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const database = openDatabase(join(dir, 'shop.db'));
  runMigrations(database);
  const logger = createMemoryLogger();
  const time = movableClock();
  const outbox: Mail[] = [];
  const mailer: Mailer = options.mailer ?? { kind: 'log', send: async (m) => void outbox.push(m) };
  const identity = createIdentityModule({
    db: database.db,
    clock: time.clock,
    newId,
    logger,
    mailer,
    provider: options.provider ?? 'local',
    shopName: testSite.shopName,
    sessionSecret: 'test-secret-test-secret-test-secret-0123456789',
    sessionTtlSeconds: 3600,
    publicUrl: 'http://shop.test',
    trustProxy: options.trustProxy ?? 1,
    adminEmail: options.adminEmail,
    rateLimitPerEmail: options.rateLimitPerEmail ?? 1000,
    firebase: options.firebase,
    hashCost: { N: 1024, r: 8, p: 1 },
  });
  const uploadsDir = join(dir, 'uploads');
  mkdirSync(uploadsDir);
  const images = options.images ?? createLocalDiskImageStore({ dir: uploadsDir });
  const { requireAdmin } = identity.guards;
  const catalogue = createCatalogueModule({ db: database.db, clock: time.clock, newId, images, requireAdmin, logger });
  const promotions = createPromotionsModule({ db: database.db, clock: time.clock, newId, requireAdmin, requireUser: identity.guards.requireUser, couponChecksPer15Min: options.couponChecksPer15Min ?? 1000 });
  const cart = createCartModule({ db: database.db, clock: time.clock, newId, products: catalogue, requireUser: identity.guards.requireUser });

  const ordering = createOrderingModule({
    db: database.db,
    clock: time.clock,
    newId,
    requireUser: identity.guards.requireUser,
    requireAdmin: identity.guards.requireAdmin,
    auditKey: options.auditKey,
    auditSliceEvents: options.auditSliceEvents,
    orderCommits: options.orderCommits,
    placementLimits: { maxPending: 1000, perHour: 1000, ...options.placementLimits },
    ports: {
      productById: (id) => catalogue.productById(id),
      cartLines: (userId) => cart.pricedLines(userId),
      removeCartLines: (ids) => cart.removeLines(ids),
      couponPercentBasisPoints: (code) => {
        const coupon = promotions.couponByCode(code);
        return coupon.ok ? coupon.value.discountBasisPoints : null;
      },
      couponGuesses: promotions.couponGuesses,
    },
  });
  const app = createApp({
    logger,
    site: { ...testSite, auth: identity.publicConfig },
    routers: [identity.routes, catalogue.routes, promotions.routes, cart.routes, ordering.routes],
    uploadsDir,
    uploadLimits: {
      '/api/images': { bytes: 5 * 1024 * 1024 + 64 * 1024, error: { code: 'images/too-large', message: 'Images can be at most 5 MB.' } },
    },
    checkDatabase: () => checkDatabase(database.sqlite),
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
    cspSources: identity.cspSources,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  /** The demo catalogue, with small plain pictures instead of drawn ones (speed). */
  const seedDemo = () => catalogue.seedDemo(async (spec) => `https://img.test/${encodeURIComponent(spec.seed)}.webp`);
  return {
    app,
    seedDemo,
    database,
    logger,
    catalogue,
    promotions,
    cart,
    ordering,
    identity,
    uploadsDir,
    outbox,
    time,
    dir,
    close() {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApp = ReturnType<typeof createTestApp>;
