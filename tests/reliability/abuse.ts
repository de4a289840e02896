/**
 * Abuse rounds: the attacks that once stopped the shop, replayed against the built server
 * started as `npm start` starts it (same V8 memory budget, default limits), each one by a single
 * stranger or a single customer:
 *
 *  - cache-key flood: GETs of /api/products with a long unknown parameter, then with long unique
 *    searches (a parameter the route understands), each URL different;
 *  - encoding flood: GETs of /api/categories, each with its own Accept-Encoding value;
 *  - sign-in flood: failed logins with unique emails from one address;
 *  - order flood: one customer sends Order Now as fast as it can, then reads the lists
 *    (GET /api/orders, and as admin /api/allOrders and /api/audit).
 *
 * After each attack the server must still be running and answer /api/health; at the end its peak
 * RSS (VmHWM from /proc) must stay under the budget. Nothing is timed: the figures are printed.
 *
 * Run alone: node --import tsx tests/reliability/abuse.ts --size default
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  adminAccount,
  api,
  buildServerIfNeeded,
  checkoutBody,
  logIn,
  signUp,
  someProducts,
  startFlags,
  startServer,
  type ServerProcess,
} from '../support/server-process.js';

export type AbuseSize = {
  /** Unique /api/products URLs with an unknown parameter, and as many with unique searches. */
  cacheKeys: number;
  /** Unique Accept-Encoding values on /api/categories. */
  encodings: number;
  /** Failed logins with unique emails from one address. */
  logins: number;
  /** Order Now requests by one customer. */
  orders: number;
  /** Requests in flight at once. */
  concurrency: number;
};

export const abuseSizes = {
  small: { cacheKeys: 1_500, encodings: 500, logins: 3_000, orders: 300, concurrency: 16 },
  default: { cacheKeys: 12_000, encodings: 3_000, logins: 30_000, orders: 3_000, concurrency: 32 },
  large: { cacheKeys: 60_000, encodings: 15_000, logins: 200_000, orders: 60_000, concurrency: 48 },
} as const satisfies Record<string, AbuseSize>;

export type AttackRow = {
  attack: string;
  requests: number;
  /** Answers by status class or code, e.g. { '200': 10, '429': 5 }. */
  statuses: Record<string, number>;
  /** Requests that got no answer (connection refused or reset, time-out). */
  unanswered: number;
  seconds: number;
  upAfter: boolean;
  /** The server's RSS after the attack, and its peak during it (NaN when it was gone). */
  rssAfterMb: number;
  peakRssMb: number;
};

export type AbuseReport = {
  rows: AttackRow[];
  peakRssMb: number;
  budgetMb: number;
  stayedUp: boolean;
  ordersPlaced: number;
  listsAnswered: boolean;
  failures: string[];
};

export const rssBudgetMb = 150;

/** Current and peak resident set of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { rssMb: NaN, peakMb: NaN }; // the process is gone
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Runs `count` requests made by `make(i)` with at most `concurrency` in flight; counts statuses. */
async function flood(count: number, concurrency: number, make: (i: number) => Promise<Response>): Promise<{ statuses: Record<string, number>; unanswered: number }> {
  const statuses: Record<string, number> = {};
  let unanswered = 0;
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      try {
        const res = await make(i);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      } catch {
        unanswered += 1;
        // A dead server answers nothing: stop early instead of timing out request after request.
        if (unanswered > 50) next = count;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { statuses, unanswered };
}

async function isUp(server: ServerProcess): Promise<boolean> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return false;
  try {
    const health = await api(server.url, 'GET', '/api/health', { timeoutMs: 5_000 });
    return health.status === 200;
  } catch {
    return false;
  }
}

/** Resets the process's peak RSS (VmHWM) to its current RSS, so the peak covers the attacks only. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** A category of `count` products made through the admin API (https pictures are never fetched). */
async function makeCatalogue(url: string, admin: string, count: number) {
  const category = 'Flood Test Cards';
  const made = await api(url, 'POST', '/api/categories', { token: admin, body: { category } });
  if (made.status !== 201) throw new Error(`category: ${made.status} ${JSON.stringify(made.body)}`);
  for (let i = 0; i < count; i++) {
    const res = await api(url, 'POST', '/api/products', {
      token: admin,
      body: {
        title: `Booster box ${i}`,
        description: `A sealed booster box of the flood test set, number ${i}. `.repeat(8),
        category,
        price: 1500 + i,
        sizes: [],
        colors: [],
        images: [`https://images.example.com/box-${i}.webp`],
      },
    });
    if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

const longText = (i: number, length: number) => `${i.toString(36)}-${'x'.repeat(length)}`;

/** `databaseUrl`: the server runs on that PostgreSQL database instead of SQLite in its DATA_DIR. */
export async function runAbuse(size: AbuseSize, options: { log?: (line: string) => void; databaseUrl?: string } = {}): Promise<AbuseReport> {
  const log = options.log ?? (() => {});
  const built = buildServerIfNeeded();
  if (built) log(built);
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-abuse-'));
  const failures: string[] = [];
  const rows: AttackRow[] = [];
  let ordersPlaced = 0;
  let listsAnswered = false;
  // As `npm start` runs it: the V8 budget, and every limit at its default (an empty value is unset).
  // The demo catalogue is left out: drawing its pictures (sharp) is start-up work, not an attack,
  // and the catalogue below is made through the API instead.
  const server = await startServer({
    dataDir,
    nodeArgs: startFlags,
    env: { AUTH_RATE_LIMIT: '', MAX_PENDING_ORDERS: '', ORDERS_PER_HOUR: '', DEMO_DATA: 'false', ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}) },
  });
  const pid = server.child.pid as number;
  const { url } = server;
  const { concurrency } = size;

  let peakBefore = 0;
  const attack = async (name: string, count: number, make: (i: number) => Promise<Response>) => {
    // The run's peak so far is kept aside; the process's own peak then covers this attack alone.
    peakBefore = Math.max(peakBefore, memoryOf(pid).peakMb || 0);
    resetPeak(pid);
    const started = Date.now();
    const { statuses, unanswered } = await flood(count, concurrency, make);
    const upAfter = await isUp(server);
    const memory = memoryOf(pid);
    const row: AttackRow = { attack: name, requests: count, statuses, unanswered, seconds: (Date.now() - started) / 1000, upAfter, rssAfterMb: memory.rssMb, peakRssMb: memory.peakMb };
    rows.push(row);
    log(`  ${name}: ${count} requests in ${row.seconds.toFixed(1)} s, ${JSON.stringify(statuses)}${unanswered ? `, ${unanswered} unanswered` : ''}, up: ${upAfter}, RSS ${row.rssAfterMb.toFixed(1)} MB after, ${row.peakRssMb.toFixed(1)} MB at most`);
    if (!upAfter) failures.push(`the server was down after the ${name}`);
    if (statuses['500'] || statuses['502'] || statuses['503']) failures.push(`${name}: 5xx answers ${JSON.stringify(statuses)}`);
    return upAfter;
  };

  try {
    // Who the attacks need, signed in before the sign-in flood: they share its address.
    const admin = await logIn(url, adminAccount.email, adminAccount.password);
    const customer = await signUp(url, 'Flood Customer', `flooder-${Date.now()}@example.com`);
    await makeCatalogue(url, admin, 60);
    const products = await someProducts(url, 1);
    resetPeak(pid);
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });

    const attacks: Array<[string, number, (i: number) => Promise<Response>]> = [
      ['cache-key flood (unknown parameter)', size.cacheKeys, (i) => get(`/api/products?q=zzqq&p${i}=${longText(i, 8_000)}`)],
      ['cache-key flood (unique searches)', size.cacheKeys, (i) => get(`/api/products?q=${longText(i, 110)}`)],
      ['encoding flood', size.encodings, (i) => get('/api/categories', { 'accept-encoding': `gzip;q=0.${i % 10}, x-${longText(i, 2_000)}` })],
      ['sign-in flood (unique emails, one address)', size.logins, (i) => post('/api/auth/login', { email: `victim-${i}-${'a'.repeat(40)}@example.com`, password: 'Wrong#Password1' })],
    ];
    for (const [name, count, make] of attacks) if (!(await attack(name, count, make))) break;

    if (await isUp(server)) {
      const body = checkoutBody(products[0]?._id as string, 1);
      await attack('order flood (one customer, Order Now)', size.orders, (i) => post('/api/orders', body, { authorization: `Bearer ${customer}`, 'idempotency-key': `flood-${i}-${Date.now()}` }));
      const mine = await fetch(`${url}/api/orders`, { headers: { authorization: `Bearer ${customer}` }, signal: AbortSignal.timeout(30_000) });
      const page = (await mine.json()) as unknown[];
      ordersPlaced = Number(mine.headers.get('x-total-count') ?? page.length);
      const lists = await Promise.all(['/api/orders', '/api/allOrders', '/api/audit'].map((path) => api(url, 'GET', path, { token: path === '/api/orders' ? customer : admin, timeoutMs: 30_000 })));
      listsAnswered = lists.every((r) => r.status === 200);
      if (!listsAnswered) failures.push(`list reads after the order flood: ${lists.map((r) => r.status).join(', ')}`);
      log(`  after the order flood: ${ordersPlaced} orders placed by the customer; list reads ${lists.map((r) => r.status).join(', ')}`);
    }
  } catch (e) {
    failures.push(`the run stopped: ${e instanceof Error ? e.message : String(e)}`);
  }
  const stayedUp = await isUp(server);
  const peakRssMb = Math.max(peakBefore, memoryOf(pid).peakMb);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!stayedUp) failures.push('the server was not answering /api/health at the end');
  if (!(peakRssMb < rssBudgetMb)) failures.push(`peak RSS ${peakRssMb.toFixed(1)} MB is over the ${rssBudgetMb} MB budget`);
  return { rows, peakRssMb, budgetMb: rssBudgetMb, stayedUp, ordersPlaced, listsAnswered, failures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const name = (process.argv.includes('--size') ? process.argv[process.argv.indexOf('--size') + 1] : 'default') as keyof typeof abuseSizes;
  const size = abuseSizes[name];
  if (!size) throw new Error(`unknown size ${name}`);
  const report = await runAbuse(size, { log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(`${JSON.stringify({ peakRssMb: report.peakRssMb, stayedUp: report.stayedUp, failures: report.failures }, null, 2)}\n`);
  process.exit(report.failures.length === 0 ? 0 : 1);
}
