import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SiteConfig } from '../../src/app.js';
import { parseEnv } from '../../src/env.js';
import type { FirebaseSettings } from '../../src/modules/identity/index.js';
import type { GroupCommitOptions, PlacementLimits } from '../../src/modules/ordering/index.js';
import type { ImageStore } from '../../src/platform/image-store/image-store.js';
import { createMemoryLogger } from '../../src/platform/logger.js';
import type { Mail, Mailer } from '../../src/platform/mailer/mailer.js';
import type { Clock } from '../../src/shared/clock.js';
import pg from 'pg';
import { openDatabase, runMigrations } from '../../src/platform/sqlite.js';
import { createShop } from '../../src/shop.js';

export const testSite: Omit<SiteConfig, 'auth'> = {
  shopName: 'Test Shop',
  contact: { phone: '+880 1711-111111', email: 'help@test.example' },
  social: { facebook: 'https://facebook.test/', instagram: 'https://instagram.test/', youtube: 'https://youtube.test/' },
  // CHECKOUT_OTP is off unless a test's env turns it on.
  checkoutOtp: false,
  // GUEST_CHECKOUT is off unless a test's env turns it on.
  guestCheckout: false,
  // MAX_LINE_QUANTITY's and MAX_CART_LINES' defaults.
  maxLineQuantity: 99,
  maxCartLines: 50,
};

/** A clock the test can move. */
export function movableClock(start = '2026-01-01T00:00:00Z') {
  let now = new Date(start).getTime();
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
}

export type TestAppOptions = {
  /** SHOP_NAME; 'Test Shop' by default. */
  shopName?: string;
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
  /**
   * MAX_PENDING_ORDERS / MAX_PENDING_PER_PHONE / ORDERS_PER_HOUR high and COD_BLOCK_AFTER_CANCELS off
   * (0) by default, so that other tests may order (and cancel) freely.
   */
  placementLimits?: Partial<PlacementLimits>;
  /** More environment variables, read by parseEnv like the others (e.g. the S3_ settings). */
  env?: Record<string, string>;
};

/** The engine the suites run on: SQLite by default, PostgreSQL under vitest.postgres.config.ts. */
export const testEngine: 'sqlite' | 'postgres' = process.env.SHOP_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

let databases = 0;

let sqliteTemplate: Buffer | null = null;
/**
 * The bytes of a SQLite file migrated once per test process: each app starts from a copy, whose
 * migrations then find nothing left to do (a copy takes ~2 ms, migrating ~60 ms; hundreds of apps
 * per run). Kept in memory: vitest kills its workers, so a file left for later would never go.
 */
function migratedSqliteFile(): Buffer {
  if (sqliteTemplate) return sqliteTemplate;
  const dir = mkdtempSync(join(tmpdir(), 'shop-template-'));
  try {
    const file = join(dir, 'shop.db');
    const handle = openDatabase(file);
    try {
      runMigrations(handle);
    } finally {
      handle.close(); // closing the last connection checkpoints the WAL into the file, so the copy is whole
    }
    sqliteTemplate = readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return sqliteTemplate;
}

/** A fresh PostgreSQL database, a copy of the migrated template the global setup made; dropped by the returned function. */
async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  // Imported here: bench scripts use this file outside vitest, on SQLite.
  const { inject } = await import('vitest');
  const adminUrl = inject('postgresAdminUrl');
  const name = `shop_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The real shop (createShop, as main.ts builds it) over a real SQLite file with the real migrations,
 * in a fresh temporary folder, or (SHOP_TEST_ENGINE=postgres) over a fresh PostgreSQL database. The settings go through parseEnv like the environment does. Mails go
 * to `outbox` unless a mailer is given; the password hash cost is lowered so tests stay fast (the
 * algorithm is the same). The catalogue starts empty; `seedDemo()` inserts the demo catalogue.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const postgres = testEngine === 'postgres' ? await freshPostgresDatabase() : null;
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const uploadsDir = join(dir, 'uploads');
  mkdirSync(uploadsDir);
  if (!postgres) writeFileSync(join(dir, 'shop.db'), migratedSqliteFile());
  const logger = createMemoryLogger();
  const time = movableClock();
  const outbox: Mail[] = [];
  const mailer: Mailer = options.mailer ?? { kind: 'log', send: async (m) => void outbox.push(m) };
  const settings = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SESSION_TTL_HOURS: '1',
    SHOP_NAME: options.shopName ?? testSite.shopName,
    SHOP_PHONE: testSite.contact.phone,
    SHOP_EMAIL: testSite.contact.email,
    SOCIAL_FACEBOOK_URL: testSite.social.facebook,
    SOCIAL_INSTAGRAM_URL: testSite.social.instagram,
    SOCIAL_YOUTUBE_URL: testSite.social.youtube,
    PUBLIC_URL: 'http://shop.test',
    TRUST_PROXY: String(options.trustProxy ?? 1),
    AUTH_PROVIDER: options.provider ?? 'local',
    AUTH_RATE_LIMIT: String(options.rateLimitPerEmail ?? 1000),
    ADMIN_EMAIL: options.adminEmail,
    FIREBASE_PROJECT_ID: options.firebase?.projectId,
    FIREBASE_API_KEY: options.firebase?.apiKey,
    FIREBASE_AUTH_DOMAIN: options.firebase?.authDomain,
    FIREBASE_AUTH_EMULATOR_HOST: options.firebase?.emulatorHost,
    MAX_PENDING_ORDERS: String(options.placementLimits?.maxPending ?? 1000),
    ORDERS_PER_HOUR: String(options.placementLimits?.perHour ?? 1000),
    ORDERS_PER_DAY: String(options.placementLimits?.perDay ?? 1000),
    MAX_PENDING_PER_PHONE: String(options.placementLimits?.maxPendingPerPhone ?? 1000),
    COD_BLOCK_AFTER_CANCELS: String(options.placementLimits?.codBlockAfterCancels ?? 0),
    AUDIT_KEY: options.auditKey,
    BODY_LIMIT_BYTES: String(options.bodyLimitBytes ?? 1024 * 1024),
    DATABASE_URL: postgres?.url,
    // The message worker's own loop waits an hour: tests send the outbox with messages.runOnce(),
    // so no turn lands between a test's before and after (tests/api/order-messages.test.ts).
    MESSAGE_POLL_SECONDS: '3600',
    // The same for the parcel bookings (issue 34): tests book through POST /api/shipments, which runs a turn, or delivery.runOnce().
    DELIVERY_POLL_SECONDS: '3600',
    // And the payment holds (issue 35): tests let them lapse with payments.runOnce().
    PAYMENT_POLL_SECONDS: '3600',
    ...options.env,
  });
  if (!settings.ok) throw new Error(`test settings: ${settings.message}`);
  const shop = await createShop({
    env: settings.env,
    clock: time.clock,
    logger,
    mailer,
    hashCost: { N: 1024, r: 8, p: 1 },
    couponChecksPer15Min: options.couponChecksPer15Min ?? 1000,
    webDistDir: options.webDistDir ?? null,
    ...(options.images ? { images: options.images } : {}),
    ...(options.orderCommits ? { orderCommits: options.orderCommits } : {}),
    ...(options.auditSliceEvents ? { auditSliceEvents: options.auditSliceEvents } : {}),
  }).catch(async (e: unknown) => {
    // A shop that does not start leaves no folder (in memory: /dev/shm) nor database behind.
    rmSync(dir, { recursive: true, force: true });
    await postgres?.drop();
    throw e;
  });
  /** The demo catalogue, with small plain pictures instead of drawn ones (speed). */
  const seedDemo = () => shop.catalogue.seedDemo(async (spec) => `https://img.test/${encodeURIComponent(spec.seed)}.webp`);
  return {
    ...shop,
    logger,
    seedDemo,
    uploadsDir,
    outbox,
    time,
    dir,
    /**
     * Raw SQL for a test's own look at the tables, on either engine: `?` placeholders (turned into
     * PostgreSQL's $1, $2, ...). Rows come back as the driver gives them.
     */
    async query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> {
      const { database } = shop;
      if (database.engine === 'sqlite') {
        const statement = database.handle.sqlite.prepare(sql);
        if (!statement.reader) {
          statement.run(...params);
          return [];
        }
        return statement.all(...params) as T[];
      }
      let n = 0;
      const result = await database.handle.pool.query(sql.replace(/\?/g, () => `$${++n}`), params);
      return result.rows as T[];
    },
    /** The first column of the first row, as a number when it is a count. */
    async value(sql: string, ...params: unknown[]): Promise<unknown> {
      const [row] = await this.query(sql, ...params);
      const first = row ? Object.values(row)[0] : undefined;
      return typeof first === 'string' && /^count/i.test(Object.keys(row ?? {})[0] ?? '') ? Number(first) : first;
    },
    async close() {
      await shop.close();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
