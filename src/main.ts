/**
 * The composition root, and the only one: env -> db -> migrate -> adapters -> modules -> app -> listen.
 */
import { serve } from '@hono/node-server';
import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import { join } from 'node:path';
import { cacheableQuery, createApp } from './app.js';
import { loadEnv } from './env.js';
import { createCartModule } from './modules/cart/index.js';
import { createCatalogueModule } from './modules/catalogue/index.js';
import { createIdentityModule } from './modules/identity/index.js';
import { createOrderingModule } from './modules/ordering/index.js';
import { createPromotionsModule, demoBanners } from './modules/promotions/index.js';
import { createImgbbImageStore } from './platform/image-store/imgbb-image-store.js';
import { maxUploadBytes } from './platform/image-store/image-store.js';
import { createLocalDiskImageStore } from './platform/image-store/local-disk-image-store.js';
import { cachedAnswerLog } from './platform/http/request-log.js';
import { createResponseCache } from './platform/http/response-cache.js';
import { createLogger } from './platform/logger.js';
import { createLogMailer, createSmtpMailer } from './platform/mailer/mailer.js';
import { webDistDir } from './platform/paths.js';
import { resolveSecrets } from './platform/secrets.js';
import { checkDatabase, openDatabase, runMigrations } from './platform/sqlite.js';
import { systemClock } from './shared/clock.js';
import { newId } from './shared/ids.js';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const secrets = resolveSecrets(env);
if (!secrets.ok) fail(secrets.message);

let database: ReturnType<typeof openDatabase>;
try {
  database = openDatabase(join(env.DATA_DIR, 'shop.db'));
  runMigrations(database);
} catch (e) {
  fail(`Cannot open the database in DATA_DIR (${env.DATA_DIR}): ${e instanceof Error ? e.message : String(e)}`);
}

const mailer = env.SMTP_URL
  ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? `"${env.SHOP_NAME}" <no-reply@${new URL(env.SMTP_URL).hostname}>`)
  : createLogMailer(logger);
if (mailer.kind === 'log' && env.NODE_ENV === 'production') {
  logger.warn('SMTP_URL is not set: password reset mails are written to this log instead of being sent');
}

const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
const identity = createIdentityModule({
  db: database.db,
  clock: systemClock,
  newId,
  logger,
  mailer,
  provider: env.AUTH_PROVIDER,
  shopName: env.SHOP_NAME,
  sessionSecret: secrets.secrets.sessionSecret,
  sessionTtlSeconds: env.SESSION_TTL_HOURS * 3600,
  publicUrl,
  trustProxy: env.TRUST_PROXY,
  adminEmail: env.ADMIN_EMAIL,
  rateLimitPerEmail: env.AUTH_RATE_LIMIT,
  firebase:
    env.AUTH_PROVIDER === 'firebase' && env.FIREBASE_PROJECT_ID && env.FIREBASE_API_KEY
      ? {
          projectId: env.FIREBASE_PROJECT_ID,
          apiKey: env.FIREBASE_API_KEY,
          authDomain: env.FIREBASE_AUTH_DOMAIN,
          emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
        }
      : undefined,
});
const uploadsDir = join(env.DATA_DIR, 'uploads');
const localImages = createLocalDiskImageStore({ dir: uploadsDir });
const images = env.IMGBB_API_KEY ? createImgbbImageStore({ apiKey: env.IMGBB_API_KEY, endpoint: env.IMGBB_API_URL }) : localImages;
const { requireAdmin } = identity.guards;
const catalogue = createCatalogueModule({ db: database.db, clock: systemClock, newId, images, requireAdmin, logger });
const promotions = createPromotionsModule({ db: database.db, clock: systemClock, newId, requireAdmin, requireUser: identity.guards.requireUser });
const cart = createCartModule({ db: database.db, clock: systemClock, newId, products: catalogue, requireUser: identity.guards.requireUser });

// The order log's start-up checks (decision 014) refuse to start with a message and a fix.
const ordering = orFail(() => createOrderingModule({
  db: database.db,
  clock: systemClock,
  newId,
  requireUser: identity.guards.requireUser,
  requireAdmin: identity.guards.requireAdmin,
  auditKey: env.AUDIT_KEY,
  placementLimits: { maxPending: env.MAX_PENDING_ORDERS, perHour: env.ORDERS_PER_HOUR },
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
}));
{
  // The head an auditor can keep and later give to `npm run audit:verify -- --expect-head`.
  const log = ordering.logAtStart;
  const keyed = log.keyedFrom === null ? 'no' : log.keyedNow ? `from event ${log.keyedFrom} (recorded now: AUDIT_KEY was set)` : `from event ${log.keyedFrom}`;
  logger.info('order log', { events: log.events, head: log.head, keyed });
}

function orFail<T>(make: () => T): T {
  try {
    return make();
  } catch (e) {
    database.close();
    fail(e instanceof Error ? e.message : String(e));
  }
}

/** Demo pictures are drawn here and always kept locally (never sent to imgbb). sharp loads with the first. */
async function demoImage(spec: { title: string; subtitle: string; hue: number; seed: string }, size: { width: number; height: number }) {
  const [{ renderDemoArt }, { prepareImage }] = await Promise.all([import('./platform/image-store/demo-art.js'), import('./platform/image-store/prepare-image.js')]);
  const png = await renderDemoArt({ ...spec, ...size });
  const prepared = await prepareImage(png);
  if (!prepared.ok) throw new Error(`demo image rejected: ${prepared.error.message}`);
  return (await localImages.save(prepared.value)).url;
}

// The first admin. Local provider: ADMIN_EMAIL (+ ADMIN_PASSWORD) is made sure of at every start.
// Firebase: ADMIN_EMAIL becomes admin when it signs in with a verified email.
if (env.AUTH_PROVIDER === 'local' && env.ADMIN_EMAIL) {
  const result = await identity.ensureAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  if (result.generatedPassword) printOnce(env.ADMIN_EMAIL, result.generatedPassword);
  if (result.refused) {
    logger.warn(
      `ADMIN_EMAIL ${env.ADMIN_EMAIL} belongs to an existing customer account, which is not made admin without ADMIN_PASSWORD ` +
        '(anyone can sign up with any email). Either set ADMIN_PASSWORD (the account then gets that password), or check the ' +
        `account is yours and run: npm run admin -- promote ${env.ADMIN_EMAIL}`,
    );
  }
}

/**
 * The demo shop is made after the server listens: its admin (a password hash, ~0.1 s) and its
 * catalogue (seconds of image work). /api/health and the page answer meanwhile, the catalogue
 * reads empty until its one transaction commits, and its change counter then moves every
 * catalogue ETag (and the response cache) on.
 */
async function seedDemoData() {
  if (env.AUTH_PROVIDER === 'local' && !env.ADMIN_EMAIL && !identity.hasAdmin()) {
    const email = 'admin@shop.local';
    const result = await identity.ensureAdmin({ email, name: 'Shop Admin' });
    if (result.generatedPassword) printOnce(email, result.generatedPassword);
  }
  const seeded = await catalogue.seedDemo((spec) => demoImage(spec, { width: 800, height: 800 }));
  if (seeded.categories > 0) {
    const banners = await promotions.seedDemo(() =>
      Promise.all(demoBanners.map((b, i) => demoImage({ ...b, seed: `banner-${i}` }, { width: 1600, height: 600 }))),
    );
    logger.info('demo catalogue inserted', { ...seeded, ...banners });
  }
}

/** A generated admin password is shown once, at its creation, and stored only hashed. */
function printOnce(email: string, password: string) {
  process.stdout.write(
    [
      '',
      '  ================================================================',
      '  An admin account was created. Its password is shown only now:',
      `    email:    ${email}`,
      `    password: ${password}`,
      '  Log in at /login and keep the password somewhere safe.',
      '  ================================================================',
      '',
    ].join('\n') + '\n',
  );
}

const app = createApp({
  logger,
  site: {
    shopName: env.SHOP_NAME,
    contact: { phone: env.SHOP_PHONE, email: env.SHOP_EMAIL },
    social: { facebook: env.SOCIAL_FACEBOOK_URL, instagram: env.SOCIAL_INSTAGRAM_URL, youtube: env.SOCIAL_YOUTUBE_URL },
    auth: identity.publicConfig,
  },
  routers: [identity.routes, catalogue.routes, promotions.routes, cart.routes, ordering.routes],
  cspSources: identity.cspSources,
  uploadsDir,
  uploadLimits: {
    '/api/images': {
      bytes: maxUploadBytes + 64 * 1024,
      error: { code: 'images/too-large', message: 'Images can be at most 5 MB.' },
    },
  },
  checkDatabase: () => checkDatabase(database.sqlite),
  bodyLimitBytes: env.BODY_LIMIT_BYTES,
  webDistDir: webDistDir(),
});

// Public catalogue reads and the page are answered from kept bytes while the catalogue is unchanged
// (docs/decisions/008-response-cache.md); everything else goes to the app.
const cachedAnswers = cachedAnswerLog(logger);
const responseCache = createResponseCache({
  fetch: app.fetch,
  cacheableQuery,
  version: catalogue.version,
  log: cachedAnswers.log,
});

const server = serve(
  { fetch: app.fetch, port: env.PORT, hostname: env.HOST, createServer: ((options: ServerOptions, listener: RequestListener) => createServer(options, responseCache(listener))) as typeof createServer },
  (info) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    logger.info('listening', { url: `http://${host}:${info.port}`, env: env.NODE_ENV, dataDir: env.DATA_DIR });
    if (env.DEMO_DATA) seedDemoData().catch((error: unknown) => logger.error('demo catalogue failed', { error }));
  },
);

server.on('error', (e: NodeJS.ErrnoException) => {
  const reason = e.code === 'EADDRINUSE' ? `port ${env.PORT} is already in use (setting PORT)` : e.message;
  database.close();
  fail(`Cannot listen on ${env.HOST}:${env.PORT}: ${reason}`);
});

// SIGTERM (docker stop) and SIGINT: stop accepting, let requests in flight finish, then close
// the database so the WAL is checkpointed. A stuck request cannot hold the process forever.
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  cachedAnswers.flush();
  logger.info('shutting down', { signal });
  const force = setTimeout(() => {
    logger.warn('forced shutdown after 10 s');
    database.close();
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(() => {
    database.close();
    logger.info('stopped');
    process.exit(0);
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  // A kept-alive connection (a browser, a proxy) whose request was in flight goes idle after its
  // answer: close it then, rather than hold the exit for the 5 s keep-alive timeout.
  const sweep = setInterval(() => 'closeIdleConnections' in server && server.closeIdleConnections(), 100);
  sweep.unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
