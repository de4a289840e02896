/**
 * Reads the settings, builds the shop (src/shop.ts, the composition root) and listens.
 */
import { createServer } from 'node:http';
import { loadEnv } from './env.js';
import { createShop, ShopStartError, type Shop } from './shop.js';

const env = loadEnv();

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let shop: Shop;
try {
  shop = await createShop({ env });
} catch (e) {
  if (e instanceof ShopStartError) fail(e.message);
  throw e;
}
const { logger } = shop;

{
  // The head an auditor can keep and later give to `npm run audit:verify -- --expect-head`.
  const log = shop.ordering.logAtStart;
  const keyed = log.keyedFrom === null ? 'no' : log.keyedNow ? `from event ${log.keyedFrom} (recorded now: AUDIT_KEY was set)` : `from event ${log.keyedFrom}`;
  logger.info('order log', { events: log.events, head: log.head, keyed });
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

const configured = await shop.ensureConfiguredAdmin();
if (configured?.generatedPassword) printOnce(configured.email, configured.generatedPassword);
if (configured?.refused) {
  logger.warn(
    `ADMIN_EMAIL ${configured.email} belongs to an existing customer account, which is not made admin without ADMIN_PASSWORD ` +
      '(anyone can sign up with any email). Either set ADMIN_PASSWORD (the account then gets that password), or check the ' +
      `account is yours and run: npm run admin -- promote ${configured.email}`,
  );
}

/**
 * The demo shop is made after the server listens (a password hash, then seconds of drawing):
 * /api/health and the page answer meanwhile, and the catalogue reads empty until its one
 * transaction commits.
 */
async function seedDemoData() {
  const admin = await shop.ensureDemoAdmin();
  if (admin?.generatedPassword) printOnce(admin.email, admin.generatedPassword);
  const seeded = await shop.seedDemoCatalogue();
  if (seeded.categories === 0) return;
  logger.info('demo catalogue inserted', seeded);
  // Only with a catalogue seeded now (and an empty order log, which the ordering module checks).
  const started = performance.now();
  const orders = await shop.seedDemoOrders();
  if (!orders) return;
  const ms = Math.round(performance.now() - started);
  for (const step of orders.skipped.slice(0, 20)) logger.warn('demo order step skipped', { ...step, at: step.at.toISOString() });
  logger.info(`placed ${orders.placed} demo orders over ${orders.days} days`, { skipped: orders.skipped.length, ms });
}

const server = createServer(shop.listener);
server.listen(env.PORT, env.HOST, () => {
  const info = server.address();
  if (info && typeof info === 'object') {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    logger.info('listening', { url: `http://${host}:${info.port}`, env: env.NODE_ENV, dataDir: env.DATA_DIR });
  }
  if (env.DEMO_DATA) seedDemoData().catch((error: unknown) => logger.error('demo data failed', { error }));
});

server.on('error', (e: NodeJS.ErrnoException) => {
  const reason = e.code === 'EADDRINUSE' ? `port ${env.PORT} is already in use (setting PORT)` : e.message;
  void shop.close().finally(() => fail(`Cannot listen on ${env.HOST}:${env.PORT}: ${reason}`));
});

// SIGTERM (docker stop) and SIGINT: stop accepting, let requests in flight finish, then close
// the database so the WAL is checkpointed. A stuck request cannot hold the process forever.
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  shop.flushLogs();
  logger.info('shutting down', { signal });
  const force = setTimeout(() => {
    logger.warn('forced shutdown after 10 s');
    void shop.close().finally(() => process.exit(1));
  }, 10_000);
  force.unref();
  server.close(() => {
    void shop.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error('closing the database failed', { error });
        process.exit(1);
      },
    );
  });
  server.closeIdleConnections();
  // A kept-alive connection (a browser, a proxy) whose request was in flight goes idle after its
  // answer: close it then, rather than hold the exit for the 5 s keep-alive timeout.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  sweep.unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
