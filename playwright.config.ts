import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Playwright's own browser download does not work everywhere: use Debian's Chromium when it
// is there, or the browser named by CHROMIUM_PATH; otherwise Playwright's own.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Loopback ports of the servers the journeys run against. */
// E2E_PORT_OFFSET moves them all, so that two checkouts on one machine can run their journeys at once.
// Use multiples of 100: the ports lie up to 72 apart (smtp 2725 .. bkash 2797), so offsets 10 apart collide.
const portOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);
if (!Number.isInteger(portOffset) || portOffset % 100 !== 0) {
  throw new Error(`E2E_PORT_OFFSET must be a multiple of 100 (got ${process.env.E2E_PORT_OFFSET})`);
}
const basePorts = { local: 4173, firebase: 4174, postgres: 4175, guarded: 4176, otp: 4177, advance: 4178, smtp: 2725, smtpHttp: 2780, smsSink: 2790, steadfast: 2795, bkash: 2797, authEmulator: 9199 } as const;
export const e2ePorts = Object.fromEntries(
  Object.entries(basePorts).map(([name, port]) => [name, port + portOffset]),
) as { readonly [name in keyof typeof basePorts]: number };
export const e2eFirebaseProject = 'demo-shop-e2e';
export const e2eAdmin = { email: 'admin@e2e.test', password: 'Admin#E2E1' } as const;

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

// The shops' SMS go to the local gateway (tests/support/sms-sink.mjs), whose worker looks at the outbox often.
const sms = {
  SMS_PROVIDER: 'webhook',
  SMS_WEBHOOK_URL: `http://127.0.0.1:${e2ePorts.smsSink}/sms`,
  MESSAGE_POLL_SECONDS: '0.5',
  // The gateway-down journey waits for the retries: 5 s, 10 s, 20 s... instead of 30 s, 60 s, ...
  MESSAGE_FIRST_RETRY_SECONDS: '5',
  // The journeys text one phone number from several specs, all from 127.0.0.1: the SMS ceilings
  // (issue 40, decision 048) would hold later specs' texts. Their refusals are tested in
  // tests/api/sms-ceiling.test.ts and the second abuse round.
  SMS_PER_NUMBER_HOUR: '100000',
  SMS_PER_NUMBER_DAY: '100000',
  SMS_PER_ADDRESS_HOUR: '100000',
  SMS_PER_ADDRESS_DAY: '100000',
  SMS_PER_SHOP_HOUR: '100000',
  SMS_DAILY_BUDGET: '100000',
} as const;

// Issue 34: the shops book parcels with the local Steadfast (tests/support/couriers/steadfast-server.mjs,
// its default keys), whose control routes move a parcel and send its webhook to the shop.
export const e2eSteadfast = { apiKey: 'test-api-key', secretKey: 'test-secret-key', webhookToken: 'test-webhook-token' } as const;
const couriers = {
  STEADFAST_BASE_URL: `http://127.0.0.1:${e2ePorts.steadfast}/api/v1`,
  STEADFAST_API_KEY: e2eSteadfast.apiKey,
  STEADFAST_SECRET_KEY: e2eSteadfast.secretKey,
  STEADFAST_WEBHOOK_TOKEN: e2eSteadfast.webhookToken,
  DELIVERY_POLL_SECONDS: '1',
} as const;

// The journeys order with one phone number from several specs against one server, and cancel
// orders of that phone as the shop: the per-phone limit and the COD block (issue 16) would refuse
// later specs. Only the guarded shop keeps those two defences at their defaults.
const loosened = { MAX_PENDING_PER_PHONE: '1000', COD_BLOCK_AFTER_CANCELS: '0' } as const;

// Issue 35: the advance shop asks the delivery fee in advance through the local bKash
// (tests/support/payments/bkash-server.mjs, its default keys), holds an unpaid order one minute and
// looks for lapsed holds every 2 s. ADVANCE_ESCROW lifts the 10 % cap, so the whole fee is asked.
export const e2eBkash = {
  appKey: 'test-app-key-4f6o0cjiki2rfm34kf',
  appSecret: 'test-app-secret-2is7hdktrekvrbljjh44ll3d9l1',
  username: 'testTokenizedUser01',
  password: 'testTokenizedUser01@12345',
} as const;
const advance = {
  ADVANCE_PAYMENT: 'delivery-fee',
  ADVANCE_ESCROW: 'true',
  PAYMENT_HOLD_MINUTES: '1',
  PAYMENT_POLL_SECONDS: '2',
  BKASH_BASE_URL: `http://127.0.0.1:${e2ePorts.bkash}/v1.2.0-beta`,
  BKASH_APP_KEY: e2eBkash.appKey,
  BKASH_APP_SECRET: e2eBkash.appSecret,
  BKASH_USERNAME: e2eBkash.username,
  BKASH_PASSWORD: e2eBkash.password,
} as const;

type Shop = 'local' | 'firebase' | 'postgres' | 'guarded' | 'otp' | 'advance';
const shops: readonly Shop[] = ['local', 'postgres', 'guarded', 'otp', 'advance', 'firebase'];

/**
 * The shops to start: those of the projects named with --project (`--project=local` while working
 * on a journey starts one shop, not five), or all of them. Each project runs on the shop of its name.
 * A name this cannot read (a wildcard, a path) starts them all.
 */
function shopsOfChosenProjects(argv: readonly string[]): readonly Shop[] {
  const chosen: string[] = [];
  argv.forEach((arg, i) => {
    if (arg.startsWith('--project=')) chosen.push(arg.slice('--project='.length));
    else if (arg === '--project') for (const next of argv.slice(i + 1)) {
      if (next.startsWith('-')) break;
      chosen.push(next);
    }
  });
  const known = (name: string): name is Shop => (shops as readonly string[]).includes(name);
  return chosen.length > 0 && chosen.every(known) ? shops.filter((shop) => chosen.includes(shop)) : shops;
}
export const e2eShops = shopsOfChosenProjects(process.argv);

/**
 * The shops whose journeys use the demo catalogue (and demo orders): global setup waits for them.
 * The others (Firebase sign-in, the guarded and otp shops) make their own products and start with
 * DEMO_DATA=false: five shops drawing the same demo pictures at once took ~28 s of the step's start.
 */
export const e2eDemoShops: readonly Shop[] = e2eShops.filter((shop) => shop === 'local' || shop === 'postgres');

// The built production server (npm test builds first), each on a fresh data folder.
const shopServer = (name: Shop, env: Record<string, string>) => ({
  command: name === 'postgres' ? 'node --import tsx tests/support/e2e-postgres-server.ts' : 'node tests/support/e2e-server.mjs',
  url: `http://127.0.0.1:${e2ePorts[name]}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    PORT: String(e2ePorts[name]),
    HOST: '127.0.0.1',
    DATA_DIR: `.tmp/e2e-${name}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT: '1000',
    MAX_PENDING_ORDERS: '1000',
    ORDERS_PER_HOUR: '1000',
    ORDERS_PER_DAY: '1000',
    ...(name === 'guarded' ? {} : loosened),
    ADMIN_EMAIL: e2eAdmin.email,
    ...(e2eDemoShops.includes(name) ? {} : { DEMO_DATA: 'false' }),
    ...env,
  },
});

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  // 10 s for an expectation, not 5: the other lane of npm test (vitest, with both abuse rounds) starves
  // the browser on 2 cores at times (issue 40 added the second round; stock-journey waited 5 s once).
  expect: { timeout: 10_000 },
  // Not test-results/ itself: Playwright empties its output folder, where vitest's report lies.
  outputDir: 'test-results/playwright',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  // A trace records every test (DOM snapshots, a screencast) to keep the failing ones: ~30 % more
  // CPU for the browser tests (decision 039). CI retries a failure once, with its trace.
  use: { trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'local',
      testIgnore: [/firebase\..*spec\.ts$/, /order-defences\.spec\.ts$/, /checkout-otp\.spec\.ts$/, /guest-checkout\.spec\.ts$/, /advance-payment\.spec\.ts$/],
      use: { ...browser, baseURL: `http://127.0.0.1:${e2ePorts.local}` },
    },
    {
      name: 'firebase',
      testMatch: /firebase\..*spec\.ts$/,
      use: { ...browser, baseURL: `http://127.0.0.1:${e2ePorts.firebase}` },
    },
    {
      // Issue 14: the shopper's and the admin's journeys again, on a shop whose DATABASE_URL is PostgreSQL;
      // issue 15: search, filters and the last item ordered once; issue 16: the order's SMS;
      // issue 17: the dashboard, packing slips and CSV of the demo shop. Whole file names: a bare
      // `catalogue\.spec` also took language-admin-catalogue.spec.ts (Bengali texts, engine-blind).
      name: 'postgres',
      testMatch: /(^|[\\/])(auth-local|catalogue|ordering|stock-journey|order-sms|insight-journey)\.spec\.ts$/,
      use: { ...browser, baseURL: `http://127.0.0.1:${e2ePorts.postgres}` },
    },
    {
      // Issue 16's fake-order defences at their defaults (MAX_PENDING_PER_PHONE, COD_BLOCK_AFTER_CANCELS).
      name: 'guarded',
      testMatch: /order-defences\.spec\.ts$/,
      use: { ...browser, baseURL: `http://127.0.0.1:${e2ePorts.guarded}` },
    },
    {
      // Issue 16's phone codes at checkout (CHECKOUT_OTP=true, decision 032); issue 36's guest checkout
      // (GUEST_CHECKOUT=true) with them. The other shops keep the spec's "Please login first".
      name: 'otp',
      testMatch: /(checkout-otp|guest-checkout)\.spec\.ts$/,
      use: { ...browser, baseURL: `http://127.0.0.1:${e2ePorts.otp}` },
    },
    {
      // Issue 35's advance by bKash (the local bKash), its refund and the phone's delivery record.
      name: 'advance',
      testMatch: /advance-payment\.spec\.ts$/,
      use: { ...browser, baseURL: `http://127.0.0.1:${e2ePorts.advance}` },
    },
  ],
  // One after another, as Playwright starts them: the demo shops first, so they draw their demo
  // catalogue while the others and the Auth emulator (~6 s) start.
  webServer: [
    {
      // A real SMTP server that keeps mails; its HTTP side lets tests read them.
      command: `node tests/support/smtp-sink.mjs ${e2ePorts.smtp} ${e2ePorts.smtpHttp}`,
      url: `http://127.0.0.1:${e2ePorts.smtpHttp}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A local SMS gateway speaking the webhook protocol; tests read what it received and switch it down.
      command: `node tests/support/sms-sink.mjs ${e2ePorts.smsSink}`,
      url: `http://127.0.0.1:${e2ePorts.smsSink}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Steadfast's merchant API, local (issue 34).
      command: `node tests/support/couriers/steadfast-server.mjs ${e2ePorts.steadfast}`,
      url: `http://127.0.0.1:${e2ePorts.steadfast}/_control/parcels`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    // bKash's Tokenized Checkout, local (issue 35), for the advance shop only.
    ...(e2eShops.includes('advance')
      ? [
          {
            command: `node tests/support/payments/bkash-server.mjs ${e2ePorts.bkash}`,
            url: `http://127.0.0.1:${e2ePorts.bkash}/_control/payments`,
            reuseExistingServer: false,
            timeout: 30_000,
          },
        ]
      : []),
    ...e2eShops.flatMap((name) => {
      if (name === 'firebase') {
        return [
          {
            command: `node tests/support/auth-emulator.mjs ${e2eFirebaseProject} ${e2ePorts.authEmulator}`,
            url: `http://127.0.0.1:${e2ePorts.authEmulator}/`,
            reuseExistingServer: false,
            timeout: 90_000,
          },
          shopServer('firebase', {
            AUTH_PROVIDER: 'firebase',
            FIREBASE_PROJECT_ID: e2eFirebaseProject,
            FIREBASE_API_KEY: 'demo-api-key',
            FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${e2ePorts.authEmulator}`,
          }),
        ];
      }
      return [
        shopServer(name, {
          ADMIN_PASSWORD: e2eAdmin.password,
          SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
          MAIL_FROM: 'shop@e2e.test',
          PUBLIC_URL: `http://127.0.0.1:${e2ePorts[name]}`,
          ...(name === 'otp' ? { CHECKOUT_OTP: 'true', GUEST_CHECKOUT: 'true' } : {}),
          ...(name === 'advance' ? advance : {}),
          ...sms,
          ...couriers,
        }),
      ];
    }),
  ],
});
