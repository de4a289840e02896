import { z } from 'zod';
import { normalizeBdMobile } from './shared/phone.js';
import { parseAdvanceRule, parseAdvanceWhen } from './shared/advance.js';
import { defaultStaffDiscountMax, parseStaffDiscountMax } from './shared/staff-orders.js';

/**
 * The only reader of process.env. Every setting of the shop is declared, defaulted and
 * validated here; a bad value stops the server at start with one line naming the variable.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const secret = z.string().min(32, { message: 'must be at least 32 characters' });

/**
 * The origin a browser would send for this entry (`https://shop.example.com`, `http://localhost:5173`),
 * or null when the entry is more or less than one: a wildcard, a path, a query, a user, another scheme.
 */
function exactOrigin(entry: string): string | null {
  if (entry.includes('*')) return null;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  // `https://a.example/` (the slash a URL always has) is fine; `https://a.example/shop` is not.
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(entry)) return null;
  return url.origin;
}

export /** A courier's key, token or secret: printable, no spaces. */
const courierKey = z.string().regex(/^[\x21-\x7e]{4,500}$/, { message: 'must be the key from your courier account (no spaces)' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z
    .string()
    .min(1)
    .regex(/^[0-9a-zA-Z.:\-[\]]+$/, { message: 'must be a host name or an IP address' })
    .default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * postgres://user:password@host:5432/db switches every store to PostgreSQL (issue 14, decisions
   * 022 and 024): the engine for several shop processes. Without it, SQLite in DATA_DIR/shop.db.
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/./, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /** Connections each process keeps to PostgreSQL at most. */
  DATABASE_POOL_SIZE: z.coerce.number({ message: 'must be a number' }).int().min(2).max(200).default(10),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Insert the demo catalogue at first start when the database is empty. */
  DEMO_DATA: bool.default(true),
  /** With DEMO_DATA: the first start also places 28 days of demo orders from demo customers (issue 17); false leaves them out. */
  DEMO_ORDERS: bool.default(true),
  /** Largest request body accepted, in bytes (image uploads have their own limit). */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /** Signing key for the shop's session tokens; generated into DATA_DIR when absent (not in production). */
  SESSION_SECRET: secret.optional(),
  SHOP_NAME: z.string().min(1).max(80).default('Otaku Card Bazaar'),
  SHOP_PHONE: z.string().min(3).max(40).default('+880 1700-000000'),
  SHOP_EMAIL: z.email({ message: 'must be an email address' }).default('support@example.com'),
  SOCIAL_FACEBOOK_URL: z.url({ message: 'must be a URL' }).default('https://www.facebook.com/'),
  SOCIAL_INSTAGRAM_URL: z.url({ message: 'must be a URL' }).default('https://www.instagram.com/'),
  SOCIAL_YOUTUBE_URL: z.url({ message: 'must be a URL' }).default('https://www.youtube.com/'),

  /** Where the shop is reached by its customers; used in links sent by mail. */
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://shop.example.com' }).optional(),
  /**
   * Web pages on other origins allowed to call /api from the browser (issue 19, decision 040): exact
   * origins, comma-separated, with a bearer token, never cookies. None by default.
   */
  CORS_ORIGINS: z
    .string()
    .transform((list, ctx) => {
      const origins: string[] = [];
      for (const entry of list.split(',').map((e) => e.trim()).filter((e) => e !== '')) {
        const origin = exactOrigin(entry);
        if (!origin) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not an origin: list exact origins such as https://old-shop.example.com (scheme, host and port only; no path, no *)` });
          return z.NEVER;
        }
        if (!origins.includes(origin)) origins.push(origin);
      }
      return origins;
    })
    .default([]),
  /**
   * How many reverse proxies stand in front (0 = none): the client address (for rate limits) is
   * the Nth X-Forwarded-For entry from the right. `true` means 1 and `false` 0, as before.
   */
  TRUST_PROXY: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .transform((v) => (v === 'true' || v === 'yes' ? '1' : v === 'false' || v === 'no' ? '0' : v))
    .pipe(z.string().regex(/^\d{1,2}$/, { message: 'must be the number of proxies in front (0, 1, 2 ...)' }))
    .transform(Number)
    .pipe(z.number().max(10, { message: 'must be at most 10 proxies' }))
    .default(0),

  AUTH_PROVIDER: z.enum(['local', 'firebase']).default('local'),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  /**
   * Failed logins allowed per email from one address in 15 minutes (5x that per address, and past
   * 5x for one email from everywhere, one try every few seconds from addresses that failed);
   * sign-up and reset attempts per email in 15 minutes (decision 017).
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  ADMIN_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).optional(),

  FIREBASE_PROJECT_ID: z.string().regex(/^[a-z0-9-]{4,40}$/, { message: 'must be a Firebase project id' }).optional(),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  /** host:port of the Firebase Auth emulator (development and tests only). */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[0-9a-zA-Z.\-[\]:]+:\d+$/, { message: 'must be host:port' })
    .optional(),

  /** Pending orders one customer may have at once (decision 015); a phone number has MAX_PENDING_PER_PHONE. */
  MAX_PENDING_ORDERS: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(5),
  /** Pending orders one phone number may have at once, whoever placed them (issue 16). */
  MAX_PENDING_PER_PHONE: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(3),
  /**
   * Orders of a phone number canceled by the shop in the last 90 days past which that number cannot
   * order cash on delivery (issue 16); 0 turns the block off.
   */
  COD_BLOCK_AFTER_CANCELS: z.coerce.number({ message: 'must be a whole number (0 turns the block off)' }).int({ message: 'must be a whole number (0 turns the block off)' }).min(0, { message: 'must be a whole number (0 turns the block off)' }).max(1_000_000).default(3),
  /**
   * The most one order taken by the staff (POST /api/orders/staff, issue 36) may give away, its
   * discount and a waived delivery fee together, per role: `admin:1000,desk:300` (whole taka; a role
   * not named gives nothing).
   */
  STAFF_DISCOUNT_MAX: z.string().default(defaultStaffDiscountMax).transform((text, ctx) => {
    const limits = parseStaffDiscountMax(text);
    if (typeof limits === 'string') {
      ctx.addIssue({ code: 'custom', message: limits });
      return z.NEVER;
    }
    return limits;
  }),
  /**
   * The checkout asks for a 6-digit code sent by SMS (SMS_PROVIDER) to the order's phone number;
   * an order counts only once the number is proven (issue 16, decision 031).
   */
  CHECKOUT_OTP: bool.default(false),
  /**
   * Guest checkout (issue 36, decision 066): a visitor orders (Order Now) with name, phone and
   * address only, with CHECKOUT_OTP's code when that is on. Off: the spec's sign-in before ordering.
   */
  GUEST_CHECKOUT: bool.default(false),
  /** Orders without an account from one client address in an hour (GUEST_CHECKOUT); the per-phone limits apply too. */
  GUEST_ORDERS_PER_HOUR: z.coerce.number({ message: 'must be a whole number from 1 to 10000' }).int({ message: 'must be a whole number from 1 to 10000' }).min(1, { message: 'must be a whole number from 1 to 10000' }).max(10_000, { message: 'must be a whole number from 1 to 10000' }).default(10),
  /** Orders one customer, or one phone number, may place in an hour. */
  ORDERS_PER_HOUR: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(20),
  /** Orders one customer, or one phone number, may place in a day (issue 40). */
  ORDERS_PER_DAY: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(30),
  /** Lines (product x size x color) one cart may hold (issue 40); an order holds at most MAX_ORDER_LINES. */
  MAX_CART_LINES: z.coerce.number({ message: 'must be a whole number from 1 to 1000' }).int({ message: 'must be a whole number from 1 to 1000' }).min(1, { message: 'must be a whole number from 1 to 1000' }).max(1000, { message: 'must be a whole number from 1 to 1000' }).default(50),
  /** Units of one line of a cart or an order (issue 40); at most 99, the most the spec's quantity field takes. */
  MAX_LINE_QUANTITY: z.coerce.number({ message: 'must be a whole number from 1 to 99' }).int({ message: 'must be a whole number from 1 to 99' }).min(1, { message: 'must be a whole number from 1 to 99' }).max(99, { message: 'must be a whole number from 1 to 99' }).default(99),
  /** Lines one order may hold (issue 40). */
  MAX_ORDER_LINES: z.coerce.number({ message: 'must be a whole number from 1 to 1000' }).int({ message: 'must be a whole number from 1 to 1000' }).min(1, { message: 'must be a whole number from 1 to 1000' }).max(1000, { message: 'must be a whole number from 1 to 1000' }).default(50),
  /** The largest order total in taka, delivery included (issue 40): a cash-on-delivery parcel worth more is refused. */
  MAX_ORDER_TOTAL: z.coerce.number({ message: 'must be a whole number of taka' }).int({ message: 'must be a whole number of taka' }).min(1, { message: 'must be a whole number of taka' }).max(100_000_000, { message: 'must be at most 100000000 taka' }).default(500_000),

  /**
   * Stock of each size x color of a product saved without stock (an older client's POST or
   * PATCH, a product from before stock existed): decision 027. 0 makes such products sold out.
   */
  DEFAULT_STOCK: z.coerce.number({ message: 'must be a whole number from 0 to 100000' }).int({ message: 'must be a whole number from 0 to 100000' }).min(0, { message: 'must be a whole number from 0 to 100000' }).max(100_000, { message: 'must be a whole number from 0 to 100000' }).default(10),

  /** When set, the order log's hash chain is keyed (HMAC-SHA-256): a forger also needs this key. */
  AUDIT_KEY: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /**
   * The order log's head witness (decision 049): a small append-only file outside DATA_DIR that
   * every order's head is written to before its answer; a database behind it is refused.
   */
  AUDIT_WITNESS_PATH: z.string().min(1, { message: 'must be a file path outside DATA_DIR' }).optional(),
  /** With a key, uploaded images go to imgbb; without it or S3, they are kept under DATA_DIR/uploads. */
  IMGBB_API_KEY: z.string().min(8, { message: 'must be an imgbb API key' }).optional(),
  IMGBB_API_URL: z.url({ message: 'must be a URL' }).default('https://api.imgbb.com/1/upload'),

  /**
   * An S3-compatible bucket for uploaded images (AWS S3, MinIO, Cloudflare R2, Backblaze B2,
   * DigitalOcean Spaces; decision 023), what several shop processes share. The endpoint, region,
   * bucket and key pair go together.
   */
  S3_ENDPOINT: z.url({ message: 'must be the service address, such as https://s3.eu-central-1.amazonaws.com' }).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, { message: 'must be a region such as us-east-1 (auto for Cloudflare R2)' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().regex(/^[\x21-\x7e]{3,128}$/, { message: 'must be an access key id (no spaces)' }).optional(),
  S3_SECRET_ACCESS_KEY: z.string().regex(/^[\x21-\x7e]{8,256}$/, { message: 'must be a secret access key (no spaces)' }).optional(),
  /** Where browsers fetch the pictures (a CDN, the bucket's public domain); by default the bucket's own address. */
  S3_PUBLIC_URL: z.url({ message: 'must be a URL such as https://images.example.com' }).optional(),
  /** `<endpoint>/<bucket>/<name>` (MinIO and most self-hosted servers) instead of `<bucket>.<endpoint host>/<name>`. */
  S3_FORCE_PATH_STYLE: bool.default(false),

  /**
   * Couriers (issue 34, decision 060): each is set up when its keys are given, its API's base a
   * setting (tests point it at a local server). A webhook's token or secret is what the courier's
   * portal was given; without it that courier's webhooks are refused.
   */
  STEADFAST_BASE_URL: z.url({ message: 'must be a URL' }).default('https://portal.packzy.com/api/v1'),
  STEADFAST_API_KEY: courierKey.optional(),
  STEADFAST_SECRET_KEY: courierKey.optional(),
  STEADFAST_WEBHOOK_TOKEN: courierKey.optional(),
  PATHAO_BASE_URL: z.url({ message: 'must be a URL' }).default('https://api-hermes.pathao.com'),
  PATHAO_CLIENT_ID: courierKey.optional(),
  PATHAO_CLIENT_SECRET: courierKey.optional(),
  PATHAO_USERNAME: z.string().trim().min(1).max(200).optional(),
  PATHAO_PASSWORD: z.string().min(1).max(200).optional(),
  PATHAO_STORE_ID: z.coerce.number({ message: 'must be your Pathao store id (a number)' }).int().positive().optional(),
  PATHAO_WEBHOOK_SECRET: courierKey.optional(),
  REDX_BASE_URL: z.url({ message: 'must be a URL' }).default('https://openapi.redx.com.bd/v1.0.0-beta'),
  REDX_API_TOKEN: z.string().trim().min(4).max(4000).optional(),
  REDX_WEBHOOK_TOKEN: courierKey.optional(),
  REDX_PICKUP_STORE_ID: z.coerce.number({ message: 'must be your RedX pickup store id (a number)' }).int().positive().optional(),
  /** How long one courier call may take before it counts as failed (a booking is tried again later). */
  COURIER_TIMEOUT_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(100).max(120_000).default(15_000),
  /** A parcel's weight as the couriers are told (they price by it). */
  DELIVERY_WEIGHT_KG: z.coerce.number({ message: 'must be a weight in kg such as 0.5' }).min(0.1).max(50).default(0.5),
  /** Seconds between the booking worker's looks at the queued bookings. */
  DELIVERY_POLL_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int().min(1).max(3600).default(15),
  /** Look-ups of the public tracking page per client address in 15 minutes. */
  TRACK_LOOKUPS_PER_15MIN: z.coerce.number({ message: 'must be a whole number' }).int().min(1).max(10_000).default(30),

  /**
   * Advance payment by bKash (issue 35, decision 061). bKash Tokenized Checkout is set up when its
   * four keys are given (all or none); its base is the live one by default (the sandbox is
   * https://tokenized.sandbox.bka.sh/v1.2.0-beta; tests point it at a local server).
   */
  BKASH_BASE_URL: z.url({ message: 'must be a URL such as https://tokenized.pay.bka.sh/v1.2.0-beta' }).default('https://tokenized.pay.bka.sh/v1.2.0-beta'),
  BKASH_APP_KEY: courierKey.optional(),
  BKASH_APP_SECRET: courierKey.optional(),
  BKASH_USERNAME: z.string().trim().min(1).max(200).optional(),
  BKASH_PASSWORD: z.string().min(1).max(200).optional(),
  /** How long one bKash call may take before it counts as failed (bKash advises 30 s). */
  BKASH_TIMEOUT_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(100).max(120_000).default(30_000),
  /** none (default) | delivery-fee | percent:N: the advance an order asks (bKash must be set up for any other than none). */
  ADVANCE_PAYMENT: z.string().default('none').transform((text, ctx) => {
    const rule = parseAdvanceRule(text);
    if (typeof rule === 'string') {
      ctx.addIssue({ code: 'custom', message: rule });
      return z.NEVER;
    }
    return rule;
  }),
  /** The advance is held in escrow: the Digital Commerce Operation Guidelines' 10 % cap does not apply. */
  ADVANCE_ESCROW: bool.default(false),
  /** always (default), or any of no-good-record, first-order, above:N (comma-separated): when the advance is asked. */
  ADVANCE_WHEN: z.string().default('always').transform((text, ctx) => {
    const when = parseAdvanceWhen(text);
    if (typeof when === 'string') {
      ctx.addIssue({ code: 'custom', message: when });
      return z.NEVER;
    }
    return when;
  }),
  /** With bKash set up, a phone the COD block would refuse is offered to pay the delivery fee in advance instead (true by default). */
  ADVANCE_FOR_COD_BLOCKED: bool.default(true),
  /** How long an order waiting for its advance holds its stock. */
  PAYMENT_HOLD_MINUTES: z.coerce.number({ message: 'must be a number of minutes' }).int().min(1).max(24 * 60).default(30),
  /** Seconds between the hold worker's looks for unpaid holds that ran out. */
  PAYMENT_POLL_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int().min(1).max(3600).default(30),
  /** Of a phone's finished parcels, the share delivered (percent) that makes its delivery record good. */
  GOOD_RECORD_PERCENT: z.coerce.number({ message: 'must be a percentage' }).int().min(1).max(100).default(80),
  /** Ask Steadfast's fraud check for a phone's record when the Steadfast keys are set (true by default). */
  STEADFAST_FRAUD_CHECK: bool.default(true),
  /** BD Courier's courier-record service (api.bdcourier.com): set its key to read the record every courier keeps. */
  BDCOURIER_API_URL: z.url({ message: 'must be a URL' }).default('https://api.bdcourier.com'),
  BDCOURIER_API_KEY: courierKey.optional(),
  /** How long one courier-record look-up may take. */
  RECORD_TIMEOUT_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(100).max(60_000).default(5_000),

  /** smtp://user:pass@host:587 or smtps://...; without it mails are written to the log. */
  SMTP_URL: z.url({ message: 'must be a URL such as smtp://user:pass@host:587' }).optional(),
  MAIL_FROM: z.string().min(3).optional(),

  /**
   * How order messages' SMS go out (issue 16): `none` writes them to the log (like mails without
   * SMTP_URL), `webhook` POSTs {"to","message"} as JSON to SMS_WEBHOOK_URL, `bulksmsbd` uses the
   * BulkSMSBD gateway's HTTP API with BULKSMSBD_API_KEY and BULKSMSBD_SENDER_ID.
   */
  SMS_PROVIDER: z.enum(['none', 'webhook', 'bulksmsbd'], { message: 'must be none, webhook or bulksmsbd' }).default('none'),
  SMS_WEBHOOK_URL: z.url({ message: 'must be a URL such as https://sms-relay.example.com/send' }).optional(),
  BULKSMSBD_API_KEY: z.string().regex(/^[\x21-\x7e]{4,200}$/, { message: 'must be the API key from your BulkSMSBD account (no spaces)' }).optional(),
  BULKSMSBD_SENDER_ID: z.string().trim().min(1).max(40, { message: 'must be your approved sender id' }).optional(),
  /** The API's base (the gateway's own by default; tests point it at a local server). */
  BULKSMSBD_API_URL: z.url({ message: 'must be a URL' }).default('http://bulksmsbd.net/api'),
  /** How long one SMS request may take before it counts as failed (and is retried later). */
  SMS_TIMEOUT_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(100).max(120_000).default(10_000),
  /** Where the shop hears of each new order (unset: not told). */
  SHOP_ALERT_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  SHOP_ALERT_PHONE: z
    .string()
    .transform((p, ctx) => {
      const normalised = normalizeBdMobile(p);
      if (!normalised) {
        ctx.addIssue({ code: 'custom', message: 'must be a Bangladeshi mobile number such as 01712345678' });
        return z.NEVER;
      }
      return normalised;
    })
    .optional(),
  /** Seconds between the message worker's looks at the outbox (messages due are sent then). */
  MESSAGE_POLL_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).min(0.05).max(3600).default(5),
  /** Seconds before a message that could not be sent is tried again the first time; each later wait doubles (up to an hour). */
  MESSAGE_FIRST_RETRY_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).min(1).max(3600).default(30),
  /**
   * The SMS ceilings (issue 40, decision 048), counted in the database across every shop process:
   * SMS (checkout codes and order texts) to one number in an hour and in 24 hours; checkout codes
   * asked from one client address in an hour and in 24 hours; the shop's SMS in an hour; and its
   * daily budget (the shop's day, Dhaka time), past which order texts go by email only, codes are
   * refused and SHOP_ALERT_EMAIL is told once.
   */
  SMS_PER_NUMBER_HOUR: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(5),
  SMS_PER_NUMBER_DAY: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(10),
  SMS_PER_ADDRESS_HOUR: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(20),
  SMS_PER_ADDRESS_DAY: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(50),
  SMS_PER_SHOP_HOUR: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(200),
  SMS_DAILY_BUDGET: z.coerce.number({ message: 'must be a positive whole number' }).int({ message: 'must be a positive whole number' }).min(1, { message: 'must be a positive whole number' }).max(1_000_000).default(500),
  /** A customer's own cancel this many minutes after placing sends no SMS, only the email (issue 40); 0 texts every cancel. */
  SMS_QUIET_CANCEL_MINUTES: z.coerce.number({ message: 'must be a whole number of minutes' }).int({ message: 'must be a whole number of minutes' }).min(0, { message: 'must be a whole number of minutes' }).max(10_080, { message: 'must be at most 10080 minutes (a week)' }).default(30),
});

type Missing = { path: string; message: string };

/** Rules between settings; each names the variable to fix. */
function crossCheck(env: z.infer<typeof envSchema>): Missing | null {
  if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
    return { path: 'FIREBASE_AUTH_EMULATOR_HOST', message: 'Invalid setting FIREBASE_AUTH_EMULATOR_HOST: must not be set in production (it makes the server accept unsigned tokens)' };
  }
  if (env.AUTH_PROVIDER === 'firebase') {
    for (const name of ['FIREBASE_PROJECT_ID', 'FIREBASE_API_KEY'] as const) {
      if (!env[name]) return { path: name, message: `Missing setting ${name}: required when AUTH_PROVIDER=firebase` };
    }
  }
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
    return { path: 'ADMIN_EMAIL', message: 'Missing setting ADMIN_EMAIL: required when ADMIN_PASSWORD is set' };
  }
  return crossCheckSms(env) ?? crossCheckS3(env) ?? crossCheckCouriers(env) ?? crossCheckBkash(env);
}

/** bKash's four keys: all of them, or none; an advance rule needs them. */
export const bkashKeys = ['BKASH_APP_KEY', 'BKASH_APP_SECRET', 'BKASH_USERNAME', 'BKASH_PASSWORD'] as const;

function crossCheckBkash(env: z.infer<typeof envSchema>): Missing | null {
  const given = bkashKeys.filter((name) => env[name] !== undefined);
  const missing = bkashKeys.find((name) => env[name] === undefined);
  if (given.length > 0 && missing) return { path: missing, message: `Missing setting ${missing}: required with ${given.join(', ')}` };
  if (env.ADVANCE_PAYMENT.kind !== 'none' && given.length === 0) return { path: 'BKASH_APP_KEY', message: 'Missing setting BKASH_APP_KEY: ADVANCE_PAYMENT asks an advance, paid through bKash: set BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD' };
  return null;
}

/** A courier's keys: all of them, or none (that courier is not used). */
export const courierKeys = {
  steadfast: ['STEADFAST_API_KEY', 'STEADFAST_SECRET_KEY'],
  pathao: ['PATHAO_CLIENT_ID', 'PATHAO_CLIENT_SECRET', 'PATHAO_USERNAME', 'PATHAO_PASSWORD', 'PATHAO_STORE_ID'],
  redx: ['REDX_API_TOKEN'],
} as const;

function crossCheckCouriers(env: z.infer<typeof envSchema>): Missing | null {
  for (const keys of Object.values(courierKeys)) {
    const given = keys.filter((name) => env[name] !== undefined);
    const missing = keys.find((name) => env[name] === undefined);
    if (given.length > 0 && missing) return { path: missing, message: `Missing setting ${missing}: required with ${given.join(', ')}` };
  }
  return null;
}

function crossCheckSms(env: z.infer<typeof envSchema>): Missing | null {
  if (env.SMS_PROVIDER === 'webhook' && !env.SMS_WEBHOOK_URL) {
    return { path: 'SMS_WEBHOOK_URL', message: 'Missing setting SMS_WEBHOOK_URL: required when SMS_PROVIDER=webhook' };
  }
  if (env.SMS_PROVIDER === 'bulksmsbd') {
    for (const name of ['BULKSMSBD_API_KEY', 'BULKSMSBD_SENDER_ID'] as const) {
      if (!env[name]) return { path: name, message: `Missing setting ${name}: required when SMS_PROVIDER=bulksmsbd` };
    }
  }
  return null;
}

const s3Required = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const isLoopbackHost = (hostname: string): boolean => ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);

function crossCheckS3(env: z.infer<typeof envSchema>): Missing | null {
  const given = [...s3Required, 'S3_PUBLIC_URL' as const].find((name) => env[name] !== undefined);
  if (!given) return null;
  const missing = s3Required.find((name) => env[name] === undefined);
  const { S3_ENDPOINT, S3_BUCKET } = env;
  if (missing || !S3_ENDPOINT || !S3_BUCKET) {
    const name = missing ?? 'S3_ENDPOINT';
    return { path: name, message: `Missing setting ${name}: required when ${given} is set (the S3 image store needs ${s3Required.join(', ')})` };
  }
  if (env.IMGBB_API_KEY) {
    return { path: 'IMGBB_API_KEY', message: 'Invalid setting IMGBB_API_KEY: uploaded images go to one store; set IMGBB_API_KEY or the S3_ settings, not both' };
  }
  const endpoint = new URL(S3_ENDPOINT);
  if (endpoint.protocol !== 'https:' && !(endpoint.protocol === 'http:' && isLoopbackHost(endpoint.hostname))) {
    return { path: 'S3_ENDPOINT', message: 'Invalid setting S3_ENDPOINT: must use https (plain http only to this machine: 127.0.0.1, localhost or [::1])' };
  }
  if (endpoint.pathname !== '/' || endpoint.search || endpoint.hash) {
    return { path: 'S3_ENDPOINT', message: 'Invalid setting S3_ENDPOINT: must be the service address without a path (the bucket goes in S3_BUCKET)' };
  }
  if (!env.S3_FORCE_PATH_STYLE && S3_BUCKET.includes('.') && endpoint.protocol === 'https:') {
    return { path: 'S3_FORCE_PATH_STYLE', message: "Invalid setting S3_FORCE_PATH_STYLE: must be true for a bucket name with dots (such a host name is not covered by the service's certificate)" };
  }
  // Pages show only https pictures (the product contract and the page's Content-Security-Policy).
  if (env.S3_PUBLIC_URL) {
    const publicUrl = new URL(env.S3_PUBLIC_URL);
    if (publicUrl.protocol !== 'https:' || publicUrl.search || publicUrl.hash) {
      return { path: 'S3_PUBLIC_URL', message: 'Invalid setting S3_PUBLIC_URL: must be an https address without a query, such as https://images.example.com' };
    }
  } else if (endpoint.protocol !== 'https:') {
    return { path: 'S3_PUBLIC_URL', message: 'Missing setting S3_PUBLIC_URL: required when S3_ENDPOINT is plain http (customers fetch the pictures over https)' };
  }
  return null;
}

export type Env = z.infer<typeof envSchema>;

export type EnvResult = { ok: true; env: Env } | { ok: false; message: string };

/** Pure: parses a given environment, so tests can feed it anything. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  // An empty variable means "not set", as a self-hoster writing `FOO=` in a .env file expects.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (parsed.success) {
    const problem = crossCheck(parsed.data);
    return problem ? { ok: false, message: problem.message } : { ok: true, env: parsed.data };
  }
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  const received = cleaned[name];
  const shown = received === undefined || /SECRET|KEY|PASSWORD/.test(name) ? '' : ` (got "${received}")`;
  return { ok: false, message: `Invalid setting ${name}: ${issue?.message ?? 'invalid value'}${shown}` };
}

/** Reads process.env once; on a bad value prints one line naming the variable and exits. */
export function loadEnv(): Env {
  const result = parseEnv(process.env);
  if (!result.ok) {
    process.stderr.write(`${result.message}\n`);
    process.exit(1);
  }
  return result.env;
}
