/**
 * The composition root, and the only one: settings -> database -> migrations -> adapters -> modules
 * -> the app and the response cache in front of it. main.ts calls createShop and listens; the tests
 * call the same function (tests/support/test-app.ts), so they run through the same wiring.
 */
import { getRequestListener } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { join, resolve } from 'node:path';
import { cacheableQuery, createApp, type SiteConfig } from './app.js';
import type { Env } from './env.js';
import { createAuditModule, createHeadWitness, isInside, openOrderLog, type HeadWitness } from './modules/audit/index.js';
import { createCartModule } from './modules/cart/index.js';
import { createCustomersModule } from './modules/customers/index.js';
import { categoryKey, createCatalogueModule } from './modules/catalogue/index.js';
import { createIdentityModule, type IdentityDeps } from './modules/identity/index.js';
import { createDocumentsModule } from './modules/documents/index.js';
import { advanceMoneyOn, createBkashGateway, createPaymentsModule, paymentHoldsOn, type PaymentGateway } from './modules/payments/index.js';
import { createBdCourierRecordSource, createPhoneRecordsModule, createSteadfastRecordSource, type CourierRecordSource } from './modules/phone-records/index.js';
import { createDeliveryModule, createPathaoCourier, createRedxCourier, createSteadfastCourier, parcelsTableOn, type Courier, type CourierName } from './modules/delivery/index.js';
import { rateLimiterFor } from './platform/shared-limits.js';
import { databaseChecks, readinessOf } from './platform/readiness.js';
import { createMessagesModule } from './modules/messages/index.js';
import { createOrderDefencesModule } from './modules/order-defences/index.js';
import { demoCustomers, seedDemoOrders } from './modules/order-import/index.js';
import { createOrderingModule, customerOwner, orderListingOn, orderReadsOn, type GroupCommitOptions, type OrderChangeHandler, type OrderLogStarted } from './modules/ordering/index.js';
import { createSalesModule, salesProjectionOn } from './modules/sales/index.js';
import { createPromotionsModule, demoBanners } from './modules/promotions/index.js';
import { allowedOrigin } from './platform/http/cors.js';
import { cachedAnswerLog } from './platform/http/request-log.js';
import { createResponseCache } from './platform/http/response-cache.js';
import { pageCacheKeys, type PageAddressing } from './platform/http/web-pages.js';
import type { ImageStore } from './platform/image-store/image-store.js';
import { maxUploadBytes } from './platform/image-store/image-store.js';
import { createImgbbImageStore } from './platform/image-store/imgbb-image-store.js';
import { createLocalDiskImageStore } from './platform/image-store/local-disk-image-store.js';
import { createS3ImageStore } from './platform/image-store/s3-image-store.js';
import { createLogger, type Logger } from './platform/logger.js';
import { createLogMailer, createSmtpMailer, type Mailer } from './platform/mailer/mailer.js';
import { createBulkSmsBdSender } from './platform/notifier/bulksmsbd-sms-sender.js';
import { createLogSmsSender, type SmsSender } from './platform/notifier/sms-sender.js';
import { createWebhookSmsSender } from './platform/notifier/webhook-sms-sender.js';
import { webDistDir as builtWebDistDir } from './platform/paths.js';
import { resolveSecrets } from './platform/secrets.js';
import { openShopDatabase, setTransactionGuard, type ShopDatabase } from './platform/database.js';
import { systemClock, type Clock } from './shared/clock.js';
import { newId } from './shared/ids.js';

/** A setting or the database is not usable: the message tells the operator what to fix. */
export class ShopStartError extends Error {}

export type ShopSettings = {
  /** The parsed settings (env.ts); tests build theirs with parseEnv too. */
  env: Env;
  /** Parts a test replaces; production takes the defaults. */
  clock?: Clock;
  logger?: Logger;
  mailer?: Mailer;
  images?: ImageStore;
  /** A cheaper password hash (tests); the algorithm stays the same. */
  hashCost?: IdentityDeps['hashCost'];
  /** How concurrent orders are batched (decision 009), e.g. a schedule a test releases by hand. */
  orderCommits?: GroupCommitOptions;
  /** Events GET /api/audit checks per call. */
  auditSliceEvents?: number;
  /** Coupon look-ups per user in 15 minutes (30 by default). */
  couponChecksPer15Min?: number;
  /** Folder of the built SPA; by default web/dist next to the server, null for none (API tests). */
  webDistDir?: string | null;
  /** Bytes past which the head witness file is compacted (1 MiB; tests make it small). */
  witnessMaxBytes?: number;
};

export async function createShop(settings: ShopSettings) {
  const { env } = settings;
  const clock = settings.clock ?? systemClock;
  const logger = settings.logger ?? createLogger(env.LOG_LEVEL);

  const secrets = resolveSecrets(env);
  if (!secrets.ok) throw new ShopStartError(secrets.message);
  const headWitness = openHeadWitness(env, settings.witnessMaxBytes);

  const database = await openDatabase(env);

  const mailer =
    settings.mailer ??
    (env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? `"${env.SHOP_NAME}" <no-reply@${new URL(env.SMTP_URL).hostname}>`) : createLogMailer(logger));
  if (mailer.kind === 'log' && env.NODE_ENV === 'production') {
    logger.warn('SMTP_URL is not set: password reset mails are written to this log instead of being sent');
  }
  if (env.SMS_PROVIDER === 'none' && env.NODE_ENV === 'production') {
    logger.warn('SMS_PROVIDER is none: the SMS about orders are written to this log instead of being sent');
  }

  const identity = createIdentityModule({
    database,
    clock,
    newId,
    // The admins' user search by phone (issue 33): users have no phone, their orders do. The newest
    // 200 orders the desk's filter finds for the digits, those whose phone holds them.
    usersByPhone: async (digits) => {
      const found = await orders.pageAfter({ q: digits }, null, 200);
      return [...new Set(found.filter((o) => o.placed.phone.includes(digits)).map((o) => o.placed.owner.userId))];
    },
    logger,
    mailer,
    provider: env.AUTH_PROVIDER,
    shopName: env.SHOP_NAME,
    sessionSecret: secrets.secrets.sessionSecret,
    sessionTtlSeconds: env.SESSION_TTL_HOURS * 3600,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    trustProxy: env.TRUST_PROXY,
    adminEmail: env.ADMIN_EMAIL,
    rateLimitPerEmail: env.AUTH_RATE_LIMIT,
    firebase:
      env.AUTH_PROVIDER === 'firebase' && env.FIREBASE_PROJECT_ID && env.FIREBASE_API_KEY
        ? { projectId: env.FIREBASE_PROJECT_ID, apiKey: env.FIREBASE_API_KEY, authDomain: env.FIREBASE_AUTH_DOMAIN, emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST }
        : undefined,
    ...(settings.hashCost ? { hashCost: settings.hashCost } : {}),
  });
  const { requireUser, requireStaff } = identity.guards;

  const uploadsDir = join(env.DATA_DIR, 'uploads');
  const localImages = createLocalDiskImageStore({ dir: uploadsDir });
  const images = settings.images ?? uploadedImageStore(env, localImages);
  const catalogue = createCatalogueModule({ database, clock, newId, images, requireStaff, logger, defaultStock: env.DEFAULT_STOCK });
  const promotions = createPromotionsModule({
    database,
    clock,
    newId,
    logger,
    requireStaff,
    requireUser,
    couponChecksPer15Min: settings.couponChecksPer15Min,
    // A banner links to a category or a product of the catalogue (issue 33).
    linkTargets: {
      category: async (name) => (await catalogue.categoryByName(name))?.name ?? null,
      productExists: async (id) => (await catalogue.productById(id)) !== null,
    },
    catalogueVersion: catalogue.version,
  });
  const cart = createCartModule({
    database,
    clock,
    newId,
    products: catalogue,
    productsIn: catalogue.productsIn,
    requireUser,
    limits: { maxLines: env.MAX_CART_LINES, maxLineQuantity: env.MAX_LINE_QUANTITY },
  });

  // What reacts to order events, and reads orders, without ordering knowing of it (decision 050).
  const orders = orderReadsOn(database);
  const messages = createMessagesModule({
    database,
    clock,
    settings: { shopName: env.SHOP_NAME, shopPhone: env.SHOP_PHONE, shopEmail: env.SHOP_EMAIL, alertEmail: env.SHOP_ALERT_EMAIL, alertPhone: env.SHOP_ALERT_PHONE, quietCancelMinutes: env.SMS_QUIET_CANCEL_MINUTES, publicUrl: env.PUBLIC_URL },
    sms: smsSender(env, logger),
    mailer,
    logger,
    pollMs: env.MESSAGE_POLL_SECONDS * 1000,
    firstRetryMs: env.MESSAGE_FIRST_RETRY_SECONDS * 1000,
    smsCeilings: {
      perNumberHour: env.SMS_PER_NUMBER_HOUR,
      perNumberDay: env.SMS_PER_NUMBER_DAY,
      perAddressHour: env.SMS_PER_ADDRESS_HOUR,
      perAddressDay: env.SMS_PER_ADDRESS_DAY,
      perShopHour: env.SMS_PER_SHOP_HOUR,
      dailyBudget: env.SMS_DAILY_BUDGET,
    },
    orders,
    requireStaff,
  });
  // The people the staff take orders for without an account (issue 36): ordering finds or makes a
  // phone's record in a staff order's unit of work, the order defences claim it for an account that
  // proves the phone, and the orders' readers ask which records an account claimed.
  const customers = createCustomersModule({ database, clock, newId, orders, requireStaff, accountExists: identity.accountExists });
  const claimsOf = (userId: string) => customers.claimedBy(userId);
  const sales = createSalesModule({ database, clock, requireStaff, advanceMoney: advanceMoneyOn(database) });
  const documents = createDocumentsModule({
    clock,
    orders,
    shop: { name: env.SHOP_NAME, phone: env.SHOP_PHONE, email: env.SHOP_EMAIL },
    documents: { maxLines: env.MAX_ORDER_LINES },
    claimedOwners: async (userId) => (await claimsOf(userId)).map(customerOwner),
    requireUser,
    requireStaff,
  });

  // Ordering copies prices from the catalogue and the cart, checks coupons with promotions and
  // phone numbers with the order defences, through these plain functions: the only place the
  // modules meet. `defences` is made after ordering (its phone codes run in ordering's
  // transaction) and asked only once an order is placed.
  let ordering: Awaited<ReturnType<typeof createOrderingModule>>;
  // Advance payments (issue 35): bKash and the couriers' records, asked by ordering's placement;
  // the payments module is made after ordering (its commands are ordering's) and asked only once an order waits.
  const bkash = bkashOf(env);
  const phoneRecords = createPhoneRecordsModule({ database, clock, logger, sources: recordSourcesOf(env), orders, goodPercent: env.GOOD_RECORD_PERCENT, requireStaff });
  let paymentsMade: ReturnType<typeof createPaymentsModule> | undefined;
  let logStart: OrderLogStarted;
  let defencesMade: ReturnType<typeof createOrderDefencesModule> | undefined;
  const defence = () => {
    if (!defencesMade) throw new Error('the order defences are asked before the shop was made');
    return defencesMade;
  };
  try {
    // The order log's checks at start and its head witness are the audit's (decision 050).
    const orderLog = await openOrderLog(database, { auditKey: env.AUDIT_KEY, headWitness, logger });
    logStart = orderLog.start;
    ordering = await createOrderingModule({
      database,
      clock,
      newId,
      requireUser,
      requireStaff,
      logStart,
      afterCommit: orderLog.afterCommit,
      orderCommits: settings.orderCommits,
      placementLimits: {
        maxPending: env.MAX_PENDING_ORDERS,
        maxPendingPerPhone: env.MAX_PENDING_PER_PHONE,
        perHour: env.ORDERS_PER_HOUR,
        perDay: env.ORDERS_PER_DAY,
        maxOrderLines: env.MAX_ORDER_LINES,
        maxLineQuantity: env.MAX_LINE_QUANTITY,
        maxOrderTotal: env.MAX_ORDER_TOTAL,
        codBlockAfterCancels: env.COD_BLOCK_AFTER_CANCELS,
      },
      shopPhone: env.SHOP_PHONE,
      checkoutOtp: env.CHECKOUT_OTP,
      staffDiscountMax: env.STAFF_DISCOUNT_MAX,
      guestCheckout: {
        enabled: env.GUEST_CHECKOUT,
        limiter: rateLimiterFor(database, { scope: 'guest-order:address', limit: env.GUEST_ORDERS_PER_HOUR, windowMs: 60 * 60_000, clock, onError: (e) => logger.warn('guest order limit: a sweep failed', { reason: e instanceof Error ? e.message : String(e) }) }),
        trustProxy: env.TRUST_PROXY,
      },
      advance: bkash
        ? {
            rule: env.ADVANCE_PAYMENT,
            escrow: env.ADVANCE_ESCROW,
            when: env.ADVANCE_WHEN,
            holdMinutes: env.PAYMENT_HOLD_MINUTES,
            offerWhenCodBlocked: env.ADVANCE_FOR_COD_BLOCKED,
            goodRecordPercent: env.GOOD_RECORD_PERCENT,
            courierRecord: (phone) => phoneRecords.couriersRecord(phone),
          }
        : null,
      // 60 quotes per shopper in 15 minutes: checkout asks as the phone and zone change.
      advanceQuoteLimiter: rateLimiterFor(database, { scope: 'advance-quote:user', limit: 60, windowMs: 15 * 60_000, clock, onError: (e) => logger.warn('advance quote limit: a sweep failed', { reason: e instanceof Error ? e.message : String(e) }) }),
      startAdvancePayment: async (order) => {
        if (!paymentsMade) throw new Error('a payment is asked before the shop was made');
        return paymentsMade.firstPayment(order);
      },
      inTransaction: inOrderTransaction(database, messages.orderMessages),
      ports: {
        in: (tx) => ({
          productById: (id) => catalogue.productsIn(tx).productById(id),
          cartLines: (userId, atMost) => cart.pricedLinesIn(tx, userId, atMost),
          removeCartLines: (ids) => cart.removeLinesIn(tx, ids),
          redeemCoupon: async (code, subtotal) => {
            const coupon = await promotions.redeemCouponIn(tx, code, subtotal);
            if (coupon === null) return null;
            return coupon.ok ? { basisPoints: coupon.value.discountBasisPoints } : { refusal: coupon.error };
          },
          takeStock: (choice) => catalogue.stockIn(tx).take(choice),
          giveBackStock: (lines) => catalogue.stockIn(tx).giveBack(lines),
          isPhoneBlocked: (phone) => defence().isBlockedIn(tx, phone),
          isPhoneProven: (userId, phone, now) => defence().isProvenIn(tx, userId, phone, now),
          customerFor: async (fields, keep) => ({ id: (await customers.recordIn(tx, fields, keep)).id }),
          isGuestProven: (phone, proof, now) => defence().isGuestProvenIn(tx, phone, proof, now),
        }),
        couponGuesses: promotions.couponGuesses,
        stockChanged: () => catalogue.stockChanged(),
        claimsOf,
      },
    });
  } catch (e) {
    // The order log's start-up checks (decision 014) refuse with a message and a fix.
    await database.close();
    throw new ShopStartError(e instanceof Error ? e.message : String(e));
  }
  const audit = createAuditModule({ database, keying: logStart.keying, log: ordering.log, sliceEvents: settings.auditSliceEvents, requireStaff });
  const defences = (defencesMade = createOrderDefencesModule({
    database,
    clock,
    requireUser,
    requireStaff,
    phoneCodes: { enabled: env.CHECKOUT_OTP, secret: secrets.secrets.sessionSecret },
    guestCheckout: env.GUEST_CHECKOUT,
    shopName: env.SHOP_NAME,
    trustProxy: env.TRUST_PROXY,
    sms: messages,
    transaction: ordering.transaction,
    // A proven phone claims its customer record, in the code's transaction (issue 36).
    claimPhone: (tx, userId, phone, now) => customers.claimIn(tx, userId, phone, now),
  }));
  // Couriers (issue 34): a parcel's every change is an event of ordering's log.
  const delivery = createDeliveryModule({
    database,
    clock,
    logger,
    newId,
    couriers: couriersOf(env),
    orders,
    parcelCommand: ordering.parcelCommand,
    weightKg: env.DELIVERY_WEIGHT_KG,
    pollMs: env.DELIVERY_POLL_SECONDS * 1000,
    trackLimiter: rateLimiterFor(database, { scope: 'track:address', limit: env.TRACK_LOOKUPS_PER_15MIN, windowMs: 15 * 60_000, clock, onError: (e) => logger.warn('tracking limit: a sweep failed', { reason: e instanceof Error ? e.message : String(e) }) }),
    trustProxy: env.TRUST_PROXY,
    requireStaff,
  });
  // Advance payments by bKash (issue 35): the advance is the order's, every change an event of its log.
  const payments = (paymentsMade = createPaymentsModule({
    database,
    clock,
    logger,
    newId,
    gateway: bkash,
    orders,
    orderCommand: ordering.parcelCommand,
    callbackUrl: `${(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')}/api/payments/bkash/callback`,
    pollMs: env.PAYMENT_POLL_SECONDS * 1000,
    requireUser,
    requireStaff,
  }));
  // The order log's start-up checks passed: the messages' worker may send, the booking worker book, the hold worker let holds lapse.
  messages.start();
  delivery.start();
  if (bkash) payments.start();

  // The first answers carry the shared tags (PostgreSQL), not process-local ones.
  await Promise.all([catalogue.ready, promotions.ready]);
  // Products from before stock existed (decision 027): once, at the first start after the upgrade.
  const stocked = await catalogue.giveDefaultStock();
  if (stocked) logger.info(`${stocked} products had no stock yet: each size and color now has DEFAULT_STOCK (${env.DEFAULT_STOCK}); set the real stock in Manage Products`);

  const site: SiteConfig = {
    shopName: env.SHOP_NAME,
    contact: { phone: env.SHOP_PHONE, email: env.SHOP_EMAIL },
    social: { facebook: env.SOCIAL_FACEBOOK_URL, instagram: env.SOCIAL_INSTAGRAM_URL, youtube: env.SOCIAL_YOUTUBE_URL },
    auth: identity.publicConfig,
    checkoutOtp: env.CHECKOUT_OTP,
    guestCheckout: env.GUEST_CHECKOUT,
    maxLineQuantity: env.MAX_LINE_QUANTITY,
    maxCartLines: env.MAX_CART_LINES,
  };
  const webDistDir = settings.webDistDir === undefined ? builtWebDistDir() : settings.webDistDir;
  // Absolute URLs of the pages' tags, robots.txt and the sitemap (issue 21, decision 042).
  const addressing: PageAddressing = { publicUrl: env.PUBLIC_URL, trustProxy: Number(env.TRUST_PROXY), fallbackOrigin: `http://localhost:${env.PORT}` };
  // The build's migrations are read once, here: the files do not change under a running shop.
  const readinessChecks = databaseChecks(database);
  const app = createApp({
    logger,
    site,
    // Every module's routers, in mount order (decision 050): createApp refuses a list where a route
    // is shadowed by an earlier one (documents' /orders/export.csv before ordering's /orders/:id).
    routers: [identity.routes, catalogue.routes, promotions.routes, cart.routes, documents.routes, ordering.routes, customers.routes, audit.routes, defences.routes, messages.routes, sales.routes, delivery.routes, payments.routes, phoneRecords.routes].flat(),
    cspSources: identity.cspSources,
    uploadsDir,
    uploadLimits: {
      '/api/images': { bytes: maxUploadBytes + 64 * 1024, error: { code: 'images/too-large', message: 'Images can be at most 5 MB.' } },
    },
    checkDatabase: () => database.check(),
    // GET /readyz (issue 38): the database's checks, and the outbox's worker alive.
    readiness: () => readinessOf([...readinessChecks, { name: 'outbox', check: async () => (messages.workerAlive() ? null : 'the message outbox worker is not running') }]),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    ...(webDistDir ? { webDistDir } : {}),
    cors: { origins: env.CORS_ORIGINS, publicUrl: env.PUBLIC_URL },
    pages: {
      catalogue: { product: catalogue.productById, category: catalogue.categoryByName, newestImage: catalogue.newestImage },
      sitemap: catalogue.sitemap,
      version: catalogue.version,
      addressing,
    },
  });
  if (env.CORS_ORIGINS.length > 0 && !env.PUBLIC_URL) {
    logger.warn('CORS_ORIGINS is set without PUBLIC_URL: image addresses stay relative (/uploads/...), which pages on those origins cannot load; set PUBLIC_URL to the shop\'s address');
  }

  // Public catalogue reads and the page are answered from kept bytes while the catalogue is
  // unchanged (decision 008); everything else goes to the app.
  const cachedAnswers = cachedAnswerLog(logger);
  const corsOrigins = new Set(env.CORS_ORIGINS);
  const responseCache = createResponseCache({
    fetch: app.fetch,
    cacheableQuery,
    keyOf: pageCacheKeys(addressing, { categoryKey }),
    version: catalogue.version,
    log: cachedAnswers.log,
    corsOrigin: (origin) => allowedOrigin(corsOrigins, origin) ?? '',
  });
  /** What a Node HTTP server runs: the response cache, then the app. */
  const listener: RequestListener = responseCache(getRequestListener(app.fetch));

  /** Demo pictures are drawn here and always kept locally (never sent to S3 or imgbb). sharp loads with the first. */
  async function drawDemoPicture(spec: { title: string; subtitle: string; hue: number; seed: string }, size: { width: number; height: number }) {
    const [{ renderDemoArt }, { prepareImage }] = await Promise.all([import('./platform/image-store/demo-art.js'), import('./platform/image-store/prepare-image.js')]);
    const prepared = await prepareImage(await renderDemoArt({ ...spec, ...size }));
    if (!prepared.ok) throw new Error(`demo image rejected: ${prepared.error.message}`);
    return (await localImages.save(prepared.value)).url;
  }

  return {
    app,
    listener,
    site,
    database,
    logger,
    clock,
    identity,
    catalogue,
    promotions,
    cart,
    ordering,
    messages,
    sales,
    documents,
    defences,
    delivery,
    payments,
    uploadsDir,
    /** The response cache's size against its caps. */
    responseCacheStats: () => responseCache.stats(),

    /**
     * The first admin at start. Local provider: ADMIN_EMAIL (+ ADMIN_PASSWORD) is made sure of at
     * every start; Firebase: ADMIN_EMAIL becomes admin when it signs in with a verified email.
     * Returns a generated password (shown once, stored only hashed) and whether an existing
     * customer account was left alone (it is not made admin without ADMIN_PASSWORD).
     */
    async ensureConfiguredAdmin() {
      if (env.AUTH_PROVIDER !== 'local' || !env.ADMIN_EMAIL) return null;
      const result = await identity.ensureAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
      return { email: env.ADMIN_EMAIL, ...result };
    },

    /**
     * The demo shop's admin, when no admin is configured and none exists (local provider): its
     * generated password is returned to be shown once.
     */
    async ensureDemoAdmin() {
      if (env.AUTH_PROVIDER !== 'local' || env.ADMIN_EMAIL || (await identity.hasAdmin())) return null;
      const email = 'admin@shop.local';
      return { email, ...(await identity.ensureAdmin({ email, name: 'Shop Admin' })) };
    },

    /**
     * The demo catalogue and banners into an empty shop (seconds of image work, one transaction
     * each). The catalogue's change counter then moves every catalogue ETag and the response cache on.
     */
    async seedDemoCatalogue(pictures: typeof drawDemoPicture = drawDemoPicture) {
      const seeded = await catalogue.seedDemo((spec) => pictures(spec, { width: 800, height: 800 }));
      const banners =
        seeded.categories > 0
          ? await promotions.seedDemo(() => Promise.all(demoBanners.map((b, i) => pictures({ ...b, seed: `banner-${i}` }, { width: 1600, height: 600 }))))
          : { banners: 0 };
      return { ...seeded, ...banners };
    },

    /**
     * The demo orders (issue 17) of a demo catalogue seeded in this start: the demo customers'
     * accounts, then 28 days of their orders through the real ordering path, into an empty order
     * log only. Local provider only: under Firebase the identity module makes accounts only for
     * verified sign-ins, so a Firebase demo shop has no demo orders. Answers null when none were
     * placed for one of those reasons.
     */
    async seedDemoOrders() {
      if (!env.DEMO_ORDERS || env.AUTH_PROVIDER !== 'local') return null;
      const admin = await identity.adminByEmail(env.ADMIN_EMAIL ?? 'admin@shop.local');
      if (!admin) return null;
      const accounts = await identity.ensureDemoCustomers(demoCustomers);
      const customers = demoCustomers.flatMap((person, i) => {
        const account = accounts[i];
        return account ? [{ ...person, userId: account.userId, email: account.email }] : [];
      });
      if (customers.length === 0) return null;
      return seedDemoOrders(ordering, { now: clock.now(), variants: await catalogue.variantsOfNewest(200), customers, admin });
    },

    /** Writes the cached answers' log lines still held back (at shutdown). */
    flushLogs: () => cachedAnswers.flush(),
    close: async () => {
      // The message worker's turn under way ends (its sends are bounded) before the database closes.
      await messages.stop();
      await delivery.stop();
      await payments.stop();
      catalogue.stop();
      promotions.stop();
      await database.close();
    },
  };
}

export type Shop = Awaited<ReturnType<typeof createShop>>;

/**
 * What must commit with every order event, in the order it runs (decision 050): the listing, the
 * sales projection, then the outbox's messages. The shop gives ordering this list; the import of
 * an old shop's orders (`npm run import:original`) the same without the messages (`messages`
 * null: imported orders tell nobody).
 */
export function inOrderTransaction(database: ShopDatabase, messages: OrderChangeHandler | null): OrderChangeHandler[] {
  return [orderListingOn(database), salesProjectionOn(database), parcelsTableOn(database), paymentHoldsOn(database), ...(messages ? [messages] : [])];
}

/** bKash, when its keys are set (env.ts checks they are all there or none). */
function bkashOf(env: Env): PaymentGateway | null {
  if (!env.BKASH_APP_KEY || !env.BKASH_APP_SECRET || !env.BKASH_USERNAME || !env.BKASH_PASSWORD) return null;
  return createBkashGateway({ baseUrl: env.BKASH_BASE_URL, appKey: env.BKASH_APP_KEY, appSecret: env.BKASH_APP_SECRET, username: env.BKASH_USERNAME, password: env.BKASH_PASSWORD, timeoutMs: env.BKASH_TIMEOUT_MS });
}

/** The sources of couriers' records whose keys are set (issue 35). */
function recordSourcesOf(env: Env): CourierRecordSource[] {
  const sources: CourierRecordSource[] = [];
  const timeoutMs = env.RECORD_TIMEOUT_MS;
  if (env.STEADFAST_FRAUD_CHECK && env.STEADFAST_API_KEY && env.STEADFAST_SECRET_KEY) sources.push(createSteadfastRecordSource({ baseUrl: env.STEADFAST_BASE_URL, apiKey: env.STEADFAST_API_KEY, secretKey: env.STEADFAST_SECRET_KEY, timeoutMs }));
  if (env.BDCOURIER_API_KEY) sources.push(createBdCourierRecordSource({ baseUrl: env.BDCOURIER_API_URL, apiKey: env.BDCOURIER_API_KEY, timeoutMs }));
  return sources;
}

/** The couriers whose keys are set (env.ts checks a courier's keys are all there or none). */
function couriersOf(env: Env): Partial<Record<CourierName, Courier>> {
  const couriers: Partial<Record<CourierName, Courier>> = {};
  const timeoutMs = env.COURIER_TIMEOUT_MS;
  // No webhook secret set: a random one nobody knows, so that courier's webhooks are all refused.
  const unset = randomBytes(32).toString('hex');
  if (env.STEADFAST_API_KEY && env.STEADFAST_SECRET_KEY) {
    couriers.steadfast = createSteadfastCourier({ apiKey: env.STEADFAST_API_KEY, secretKey: env.STEADFAST_SECRET_KEY, webhookToken: env.STEADFAST_WEBHOOK_TOKEN ?? unset, baseUrl: env.STEADFAST_BASE_URL, timeoutMs });
  }
  if (env.PATHAO_CLIENT_ID && env.PATHAO_CLIENT_SECRET && env.PATHAO_USERNAME && env.PATHAO_PASSWORD && env.PATHAO_STORE_ID) {
    couriers.pathao = createPathaoCourier({
      clientId: env.PATHAO_CLIENT_ID,
      clientSecret: env.PATHAO_CLIENT_SECRET,
      username: env.PATHAO_USERNAME,
      password: env.PATHAO_PASSWORD,
      storeId: env.PATHAO_STORE_ID,
      webhookSecret: env.PATHAO_WEBHOOK_SECRET ?? unset,
      baseUrl: env.PATHAO_BASE_URL,
      defaultWeightKg: env.DELIVERY_WEIGHT_KG,
      timeoutMs,
    });
  }
  if (env.REDX_API_TOKEN) {
    couriers.redx = createRedxCourier({ token: env.REDX_API_TOKEN, webhookToken: env.REDX_WEBHOOK_TOKEN ?? unset, baseUrl: env.REDX_BASE_URL, pickupStoreId: env.REDX_PICKUP_STORE_ID ?? null, defaultWeightKg: env.DELIVERY_WEIGHT_KG, timeoutMs });
  }
  return couriers;
}

/** PostgreSQL when DATABASE_URL is set (decision 024), else DATA_DIR/shop.db; migrated either way. */
async function openDatabase(env: Env): Promise<ShopDatabase> {
  // Decision 024: the transaction guard costs every request on Node 20; the tests keep it on.
  setTransactionGuard(env.NODE_ENV !== 'production');
  try {
    return await openShopDatabase(env);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    // The URL holds a password: name the host only.
    if (env.DATABASE_URL) throw new ShopStartError(`Cannot open the PostgreSQL database at ${new URL(env.DATABASE_URL).host} (DATABASE_URL): ${reason}`);
    throw new ShopStartError(`Cannot open the database in DATA_DIR (${env.DATA_DIR}): ${reason}`);
  }
}

/** AUDIT_WITNESS_PATH's writer (decision 049), refused inside DATA_DIR (a rollback of the folder would take it along) or unwritable. */
function openHeadWitness(env: Env, maxBytes: number | undefined): HeadWitness | undefined {
  if (!env.AUDIT_WITNESS_PATH) return undefined;
  const path = resolve(env.AUDIT_WITNESS_PATH);
  if (isInside(path, env.DATA_DIR)) {
    throw new ShopStartError(`AUDIT_WITNESS_PATH (${path}) is inside DATA_DIR (${resolve(env.DATA_DIR)}): a rollback of the data would take the witness along. Put it on another disk or a mounted remote folder.`);
  }
  try {
    return createHeadWitness(path, maxBytes === undefined ? {} : { maxBytes });
  } catch (e) {
    throw new ShopStartError(`Cannot write the head witness at ${path} (AUDIT_WITNESS_PATH): ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** How order messages' SMS go out (SMS_PROVIDER; env.ts checks each provider's settings are there). */
function smsSender(env: Env, logger: Logger): SmsSender {
  if (env.SMS_PROVIDER === 'webhook' && env.SMS_WEBHOOK_URL) return createWebhookSmsSender({ url: env.SMS_WEBHOOK_URL, timeoutMs: env.SMS_TIMEOUT_MS });
  if (env.SMS_PROVIDER === 'bulksmsbd' && env.BULKSMSBD_API_KEY && env.BULKSMSBD_SENDER_ID) {
    return createBulkSmsBdSender({ apiKey: env.BULKSMSBD_API_KEY, senderId: env.BULKSMSBD_SENDER_ID, baseUrl: env.BULKSMSBD_API_URL, timeoutMs: env.SMS_TIMEOUT_MS });
  }
  return createLogSmsSender(logger);
}

/**
 * Where admins' uploads go: an S3-compatible bucket when configured, else imgbb with its key, else
 * this machine's disk, which serves one machine only (decision 023). env.ts refuses S3 and imgbb
 * together; S3 is checked first.
 */
function uploadedImageStore(env: Env, local: ImageStore): ImageStore {
  const { S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (S3_ENDPOINT && S3_REGION && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return createS3ImageStore({
      endpoint: S3_ENDPOINT,
      region: S3_REGION,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  if (env.IMGBB_API_KEY) return createImgbbImageStore({ apiKey: env.IMGBB_API_KEY, endpoint: env.IMGBB_API_URL });
  return local;
}
