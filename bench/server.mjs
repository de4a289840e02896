#!/usr/bin/env node
// `npm run bench`: the production server against the machine's own limits, in one run.
//
//   (a) a bare node:http server answering a small JSON body (the baseline)
//   (b) GET /api/products?limit=24   (c) GET /api/products?limit=200   (d) GET /api/products/:id
//   (e) GET /   (f) POST /api/orders by signed-in customers   (g) raw one-row SQLite commits
//
// The server runs as a child process (`node dist/main.js`, NODE_ENV=production, LOG_LEVEL=info as in
// the Docker image, stdout piped and drained like a container's log) on a fresh DATA_DIR with
// 5,000 products in 20 categories, 1,000 customers and their carts. Load comes from autocannon in
// this process, on 127.0.0.1 only. Results go to the console and bench/last-run.json
// (bench/last-run-only.json for a partial run with --only).
//
// Flags: --duration <s> (per measurement, default 10), --warmup <s> (default 3), --quick (3 s + 1 s),
// --connections <n> (default 50), --keep (keep the data folder), --strict (exit 1 when a target fails),
// --cpu-prof <dir> (each shop process writes a V8 CPU profile into <dir> when it stops).
// The same file is also the baseline server (--role baseline) and the commit-rate worker (--role commits).
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const self = fileURLToPath(import.meta.url);

const { values: opts } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    file: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    quick: { type: 'boolean', default: false },
    connections: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    only: { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
    'node-options': { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});

const durationS = Number(opts.duration ?? (opts.quick ? 3 : 10));
const warmupS = Number(opts.warmup ?? (opts.quick ? 1 : 3));
const connections = Number(opts.connections);
if (!(durationS > 0 && durationS <= 600 && warmupS >= 0 && warmupS <= 60 && connections >= 1 && connections <= 1000)) {
  console.error('usage: npm run bench -- [--quick] [--duration <1-600 s>] [--warmup <0-60 s>] [--connections <n>] [--keep] [--strict]');
  process.exit(2);
}

// The helpers the benches share are TypeScript (bench/lib/proc.ts), loaded through tsx so that
// `node bench/server.mjs` runs as it is; only by the main role: the baseline servers and the commit
// worker stay plain node processes, their memory and CPU untouched by a loader.
const mainRole = opts.role === 'main';
if (mainRole) (await import('tsx/esm/api')).register();
const { cpuSeconds, freePort, killChildren, median, memKB, request, root, round, sleep, startChild, startFlags: npmStartFlags, stop: stopChild } = mainRole ? await import('./lib/proc.ts') : {};


// ---------------------------------------------------------------------------------------------
// Child roles

/**
 * (a) The machine's limit for an HTTP answer in Node: no framework, a small JSON body. With
 * `--file`, the same bare server replays a recorded answer (a_b: b's exact headers and body).
 */
function baselineServer(file) {
  const recorded = file ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const body = recorded ? Buffer.from(recorded.body, 'base64') : Buffer.from(JSON.stringify({ status: 'ok', items: [{ id: 1, title: 'baseline' }] }));
  const headers = recorded ? recorded.headers : ['content-type', 'application/json'];
  const server = http.createServer((req, res) => {
    res.writeHead(200, [...headers, 'content-length', String(body.length)]);
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

/** (g) One-row transactions, one after another, with the pragmas of src/platform/sqlite.ts. */
async function commitWorker(file, seconds, warmupSeconds) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  db.exec('create table if not exists commits (id integer primary key, at integer not null, note text not null)');
  const insert = db.prepare('insert into commits (at, note) values (?, ?)');
  const commitOne = db.transaction((at) => insert.run(at, 'order-sized row'));
  const run = (ms) => {
    const latencies = [];
    const end = performance.now() + ms;
    let now = performance.now();
    while (now < end) {
      const t = now;
      commitOne(Date.now());
      now = performance.now();
      latencies.push(now - t);
    }
    return latencies;
  };
  run(warmupSeconds * 1000);
  const started = performance.now();
  const latencies = run(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  db.close();
  latencies.sort((x, y) => x - y);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  process.stdout.write(
    `${JSON.stringify({ commits: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), hwmMB: process.resourceUsage().maxRSS / 1024 })}\n`, // maxRSS: VmHWM, in kB
  );
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** The V8 flags `npm start` (and the Docker image) runs the server with: its memory budget. */
const startFlags = opts['node-options'] ? [] : npmStartFlags;

function serverEnv(dataDir, port, extra = {}) {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret-0123',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: opts['log-level'],
    DEMO_DATA: 'false',
    // The bench measures order throughput, many orders per customer and phone: not the placement limits.
    MAX_PENDING_ORDERS: '1000000',
    ORDERS_PER_HOUR: '1000000',
    MAX_PENDING_PER_PHONE: '1000000',
    ...(opts['node-options'] ? { NODE_OPTIONS: opts['node-options'] } : {}),
    ...extra,
  };
}

/** Starts the production server and polls /api/health every ~10 ms (at most 20 s). */
async function startServer(dataDir, extraEnv = {}) {
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const started = performance.now();
  // --cpu-prof <dir>: the server writes a V8 CPU profile there when it stops (not allowed in NODE_OPTIONS).
  const profile = opts['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${opts['cpu-prof']}`] : [];
  const p = startChild([...startFlags, ...profile, 'dist/main.js'], serverEnv(dataDir, port, extraEnv), join(dataDir, '..', `${basename(dataDir)}-server.log`));
  const deadline = started + 20_000;
  let healthMs = null;
  while (performance.now() < deadline && p.child.exitCode === null) {
    try {
      const res = await request(port, 'GET', '/api/health', { timeoutMs: 1000 });
      if (res.status === 200) {
        healthMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  if (healthMs === null) throw new Error(`the server did not answer /api/health: ${p.err() || p.out()}`);
  return { ...p, port, healthMs, started };
}

// ---------------------------------------------------------------------------------------------
// The data: real migrations (the server ran them), then rows in the real tables' shapes

const hex = (n) => randomBytes(n).toString('hex');
const idAt = (ms) => ms.toString(16).padStart(12, '0').slice(-12) + hex(6);
const password = 'Bench#Pass2026';

async function fill(dataDir) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(dataDir, 'shop.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // The identity module's format: scrypt$N$r$p$salt$hash (base64), N=2^15, r=8, p=1, 32-byte key.
  // One hash for all customers (they share the bench password): 1,000 hashes would take a minute.
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 256 * 2 ** 15 * 8 });
  const hash = `scrypt$${2 ** 15}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;

  const now = Date.now();
  const categories = Array.from({ length: 20 }, (_, i) => ({ id: idAt(now - 100_000 - i), name: `Bench Category ${i + 1}` }));
  const products = Array.from({ length: 5000 }, (_, i) => ({
    id: idAt(now - 5000 * 1000 + i * 1000),
    title: `Bench Product ${i + 1} ${['Plush', 'Card Sleeves', 'Figure', 'Poster', 'Keychain'][i % 5]}`,
    description: `A collectible item number ${i + 1} for the benchmark. `.repeat(4).trim(),
    categoryId: categories[i % 20].id,
    price: 100 + ((i * 37) % 4900),
    sizes: JSON.stringify(['S', 'M', 'L']),
    colors: JSON.stringify(['Red', 'Blue']),
    images: JSON.stringify([`https://i.ibb.co/bench/p${i}-a.webp`, `https://i.ibb.co/bench/p${i}-b.webp`]),
    createdAt: now - 5000 * 1000 + i * 1000,
  }));
  const customers = Array.from({ length: 1000 }, (_, i) => ({ id: idAt(now - 2000 + i), name: `Customer ${i + 1}`, email: `customer${i + 1}@bench.test` }));

  const insertCategory = db.prepare('insert into categories (id, name, name_key, created_at) values (?, ?, ?, ?)');
  const insertProduct = db.prepare(
    'insert into products (id, title, description, category_id, price, sizes, colors, images, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertUser = db.prepare(
    "insert into users (id, name, email, role, provider, password_hash, token_version, created_at) values (?, ?, ?, 'customer', 'local', ?, 0, ?)",
  );
  const insertLine = db.prepare('insert into cart_lines (id, user_id, product_id, size, color, quantity, created_at) values (?, ?, ?, ?, ?, ?, ?)');
  // Stock enough for every order the bench places (it measures throughput, not selling out).
  const insertVariant = db.prepare('insert into product_variants (product_id, size, color, stock) values (?, ?, ?, 100000)');
  db.transaction(() => {
    for (const [i, c] of categories.entries()) insertCategory.run(c.id, c.name, c.name.toLowerCase().replace(/\s+/g, ''), now - 100_000 - i);
    for (const p of products) {
      insertProduct.run(p.id, p.title, p.description, p.categoryId, p.price, p.sizes, p.colors, p.images, p.createdAt, p.createdAt);
      for (const size of ['S', 'M', 'L']) for (const color of ['Red', 'Blue']) insertVariant.run(p.id, size, color);
    }
    for (const [i, u] of customers.entries()) {
      insertUser.run(u.id, u.name, u.email, hash, now - 2000 + i);
      for (let n = 0; n < 1 + (i % 3); n++) {
        insertLine.run(idAt(now - 1000 + i), u.id, products[(i * 7 + n * 13) % products.length].id, ['S', 'M', 'L'][n], 'Red', 1 + n, now - 1000 + i);
      }
    }
  })();
  const counts = db.prepare("select (select count(*) from products) p, (select count(*) from categories) c, (select count(*) from users) u, (select count(*) from cart_lines) l").get();
  db.close();
  return { counts, products, customers };
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** One autocannon run; `until` is { seconds } or { amount } (both bounded). RSS of `pid` sampled every 100 ms. */
async function measure(autocannon, port, pid, options, until) {
  let peakKB = memKB(pid, 'VmRSS');
  const sampler = setInterval(() => (peakKB = Math.max(peakKB, memKB(pid, 'VmRSS'))), 100);
  const started = performance.now();
  const cpuBefore = cpuSeconds(pid);
  const ownBefore = process.cpuUsage();
  try {
    const r = await new Promise((resolve, reject) => {
      const limit = until.amount ? { amount: until.amount } : { duration: until.seconds };
      const instance = autocannon({ url: `http://127.0.0.1:${port}`, connections, timeout: 10, ...limit, ...options }, (e, res) => (e ? reject(e) : resolve(res)));
      instance.on('error', reject);
    });
    const own = process.cpuUsage(ownBefore);
    return { r, seconds: (performance.now() - started) / 1000, cpu: cpuSeconds(pid) - cpuBefore, clientCpu: (own.user + own.system) / 1e6, peakKB: Math.max(peakKB, memKB(pid, 'VmRSS')), hwmKB: memKB(pid, 'VmHWM') };
  } finally {
    clearInterval(sampler);
  }
}

/** Several runs of one scenario as one result: rate over the total time, median p50/p99, worst p99. */
function summarize(name, runs) {
  const total = runs.reduce((n, { r }) => n + r.requests.total, 0);
  const seconds = runs.reduce((n, { seconds: s }) => n + s, 0);
  const bytes = runs.reduce((n, { r }) => n + r.throughput.total, 0);
  return {
    name,
    rps: round(total / seconds),
    p50: median(runs.map(({ r }) => r.latency.p50)),
    p99: median(runs.map(({ r }) => r.latency.p99)),
    p99Worst: Math.max(...runs.map(({ r }) => r.latency.p99)),
    requests: total,
    runs: runs.length,
    non2xx: runs.reduce((n, { r }) => n + r.non2xx, 0),
    errors: runs.reduce((n, { r }) => n + r.errors + r.timeouts, 0),
    bytesPerReq: total ? Math.round(bytes / total) : 0,
    // CPU time per request of the server (and of autocannon, in this process): shows which side was the limit.
    serverCpuUsPerReq: total ? Math.round((runs.reduce((n, x) => n + x.cpu, 0) * 1e6) / total) : null,
    serverCpuShare: round(runs.reduce((n, x) => n + x.cpu, 0) / seconds, 2),
    clientCpuUsPerReq: total ? Math.round((runs.reduce((n, x) => n + x.clientCpu, 0) * 1e6) / total) : null,
    peakRssMB: round(Math.max(...runs.map((x) => x.peakKB)) / 1024),
    hwmMB: round(Math.max(...runs.map((x) => x.hwmKB)) / 1024),
  };
}

function machine() {
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  return {
    nproc: os.availableParallelism(),
    memoryMB: Math.round(os.totalmem() / 2 ** 20),
    cpu,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((n) => round(n, 2)),
    platform: `${os.type()} ${os.release()}`,
  };
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  const startedAt = new Date();
  const mach = machine();
  console.log(`bench: ${durationS} s per measurement after ${warmupS} s of warm-up, ${connections} connections, ${mach.nproc} cores, Node ${mach.node}`);

  // Build what is missing or stale: the server always; the web app only when it was never built
  // (another build of web/ may be in progress, and GET / only needs its index.html).
  const { buildServerIfNeeded } = await import('../scripts/build-if-needed.mjs');
  buildServerIfNeeded();
  if (!existsSync(join(root, 'web', 'dist', 'index.html'))) {
    const built = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build:web failed');
  }

  const tmp = mkdtempSync(join(os.tmpdir(), 'shop-bench-'));
  const results = {};
  // f/g of each round (issue 20: the target is their median over at least three rounds).
  const fgRounds = [];
  const startup = {};
  try {
    // Start-up on a fresh data folder with the defaults (demo catalogue drawn at first start),
    // and a page asked for while the demo is still being drawn.
    const demo = await startServer(join(tmp, 'demo'), { DEMO_DATA: 'true' });
    const page = await request(demo.port, 'GET', '/');
    const products = await request(demo.port, 'GET', '/api/products?limit=24');
    startup.demoDataHealthMs = round(demo.healthMs);
    startup.pageDuringSeeding = { status: page.status, type: page.headers['content-type'], productsStatus: products.status };
    // How long the demo pictures take (full runs only: a quick run does not wait for them).
    const seededBy = performance.now() + (opts.quick ? 0 : 60_000);
    while (!demo.out().includes('demo catalogue inserted') && performance.now() < seededBy && demo.child.exitCode === null) await sleep(50);
    startup.demoSeededMs = demo.out().includes('demo catalogue inserted') ? round(performance.now() - demo.started) : null;
    await stopChild(demo);

    // The bench's data folder: the server migrates it (a fresh start without demo data), then rows go in.
    const dataDir = join(tmp, 'data');
    const empty = await startServer(dataDir);
    startup.emptyHealthMs = round(empty.healthMs);
    await stopChild(empty);
    const fillStarted = performance.now();
    const data = await fill(dataDir);
    console.log(`data: ${JSON.stringify(data.counts)} in ${Math.round(performance.now() - fillStarted)} ms`);

    const server = await startServer(dataDir);
    startup.filledHealthMs = round(server.healthMs);
    startup.rssAfterStartMB = round(memKB(server.child.pid, 'VmRSS') / 1024);
    let baselines = 0;
    const startBaseline = (file) => {
      const child = startChild([self, '--role', 'baseline', ...(file ? ['--file', file] : [])], { PATH: process.env.PATH ?? '' }, join(tmp, `baseline-${++baselines}.log`));
      // It prints its port on stdout (its log file): wait for it.
      const port = (async () => {
        const deadline = performance.now() + 10_000;
        while (performance.now() < deadline && child.child.exitCode === null) {
          const m = /"port":(\d+)/.exec(child.out());
          if (m) return Number(m[1]);
          await sleep(25);
        }
        throw new Error(`baseline server did not start: ${child.err()}`);
      })();
      return { ...child, port };
    };
    const baseline = startBaseline();
    const baselinePort = await baseline.port;

    // Sanity checks: the answers the load test will count are the real ones.
    const page24 = await request(server.port, 'GET', '/api/products?limit=24');
    const all = await request(server.port, 'GET', '/api/products?limit=200');
    const one = await request(server.port, 'GET', `/api/products/${data.products[0].id}`);
    const index = await request(server.port, 'GET', '/');
    if (page24.status !== 200 || JSON.parse(page24.body).length !== 24) throw new Error(`GET /api/products?limit=24: ${page24.status}`);
    if (all.status !== 200 || JSON.parse(all.body).length !== 200) throw new Error(`GET /api/products?limit=200: ${all.status}`);
    if (one.status !== 200 || JSON.parse(one.body)._id !== data.products[0].id) throw new Error(`GET /api/products/:id: ${one.status}`);
    if (index.status !== 200 || !String(index.headers['content-type']).startsWith('text/html')) throw new Error(`GET /: ${index.status}`);

    // a_b: the bare server again, sending b's own answer (headers as the shop sends them, minus
    // those Node adds itself), to show the machine's limit for that answer.
    // a_d: the same for d's answer (one product).
    const replayOf = (name, answer) => {
      const file = join(tmp, `answer-${name}.json`);
      const kept = Object.entries(answer.headers).filter(([header]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(header));
      writeFileSync(file, JSON.stringify({ headers: kept.flat(), body: answer.body.toString('base64') }));
      return startBaseline(file);
    };
    const replay = replayOf('b', page24);
    const replayPort = await replay.port;
    const replayD = replayOf('d', one);
    const replayDPort = await replayD.port;

    // Signed-in customers: the per-address sign-in limit (50 in 15 min by default) allows 40.
    const signedIn = [];
    for (const c of data.customers.slice(0, 40)) {
      const res = await request(server.port, 'POST', '/api/auth/login', { body: { email: c.email, password }, timeoutMs: 10_000 });
      if (res.status !== 200) throw new Error(`login ${c.email}: ${res.status} ${res.body}`);
      signedIn.push(JSON.parse(res.body).token);
    }
    const orderable = data.products.slice(0, 200);
    const checkout = { name: 'Bench Customer', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
    let orderNo = 0;
    const orderRequest = (req) => {
      const n = orderNo++;
      const product = orderable[n % orderable.length];
      return {
        ...req,
        method: 'POST',
        path: '/api/orders',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn[n % signedIn.length]}`, 'idempotency-key': randomUUID() },
        // A phone per order (as the large benches): with one phone for all, the placement limits'
        // count of that phone's pending orders (exact, inside every order's transaction) grew with
        // every order the run placed, to thousands, where a shop's limits keep it under 3 (issue 20).
        body: JSON.stringify({ ...checkout, phone: `017${String(20_000_000 + n).padStart(8, '0')}`, items: [{ productId: product.id, size: 'M', color: 'Red', quantity: 1 }], amount: product.price + 60 }),
      };
    };
    const firstOrder = orderRequest({});
    const placed = await request(server.port, 'POST', '/api/orders', { headers: firstOrder.headers, body: firstOrder.body });
    if (placed.status !== 201) throw new Error(`POST /api/orders: ${placed.status} ${placed.body}`);

    let idNo = 0;
    const productPaths = data.products.map((p) => `/api/products/${p.id}`);
    const scenarios = [
      ['a', 'node:http baseline (small JSON)', baselinePort, baseline.child.pid, {}],
      ['a_b', "node:http sending b's exact headers and body", replayPort, replay.child.pid, {}],
      ['a_d', "node:http sending d's exact headers and body", replayDPort, replayD.child.pid, {}],
      ['b', 'GET /api/products?limit=24', server.port, server.child.pid, { requests: [{ method: 'GET', path: '/api/products?limit=24' }] }],
      ['b_gzip', 'GET /api/products?limit=24 (Accept-Encoding: gzip)', server.port, server.child.pid, { requests: [{ method: 'GET', path: '/api/products?limit=24', headers: { 'accept-encoding': 'gzip, deflate, br' } }] }],
      // Every list is paged since issue 12: the largest page the API gives.
      ['c', 'GET /api/products?limit=200 (the largest page)', server.port, server.child.pid, { requests: [{ method: 'GET', path: '/api/products?limit=200' }] }],
      // Each round of d rotates over its own 100 ids (autocannon builds a static request list once per
      // connection; rebuilding a request per call would cost the client more than the server).
      ['d', 'GET /api/products/:id (rotating, 100 ids per round)', server.port, server.child.pid, (n) => ({ requests: productPaths.slice(n * 100, n * 100 + 100).map((path) => ({ method: 'GET', path })) })],
      ['e', 'GET / (the SPA page)', server.port, server.child.pid, { requests: [{ method: 'GET', path: '/' }] }],
      ['e_gzip', 'GET / (Accept-Encoding: gzip, as browsers send)', server.port, server.child.pid, { requests: [{ method: 'GET', path: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } }] }],
      ['f', 'POST /api/orders (Order Now, distinct keys)', server.port, server.child.pid, { requests: [{ setupRequest: orderRequest }] }],
    ];
    const only = opts.only ? new Set(opts.only.split(',')) : null;
    const chosen = scenarios.filter(([key]) => !only || only.has(key));
    // The machine is shared: a, b, b_gzip, d and e run in interleaved rounds (a b d e a b d e ...),
    // so a burst of someone else's load hits all of them alike and the ratios stay fair.
    const interleaved = chosen.filter(([key]) => ['a', 'a_b', 'a_d', 'b', 'b_gzip', 'd', 'e', 'e_gzip'].includes(key));
    const alone = chosen.filter(([key]) => !['a', 'a_b', 'a_d', 'b', 'b_gzip', 'd', 'e', 'e_gzip'].includes(key));
    const rounds = Math.max(1, Math.min(5, Math.floor(durationS)));
    const runs = {};
    for (const [key, name, port, pid, options] of interleaved) {
      process.stdout.write(`warming up (${key}) ${name}\n`);
      // d's warm-up asks for every product once, so d measures the steady state (each product's
      // answer kept); that first pass is reported on its own as d_cold.
      if (key === 'd') {
        const eachOnce = { requests: [{ method: 'GET', setupRequest: (req) => Object.assign(req, { path: productPaths[idNo++ % productPaths.length] }) }] };
        results.d_cold = summarize('GET /api/products/:id, first request of each id (warm-up)', [await measure(autocannon, port, pid, eachOnce, { amount: data.products.length })]);
      }
      else if (warmupS > 0) await measure(autocannon, port, pid, typeof options === 'function' ? options(0) : options, { seconds: warmupS });
    }
    for (let n = 0; n < rounds; n++) {
      process.stdout.write(`round ${n + 1}/${rounds}:`);
      for (const [key, , port, pid, options] of interleaved) {
        (runs[key] ??= []).push(await measure(autocannon, port, pid, typeof options === 'function' ? options(n) : options, { seconds: durationS / rounds }));
        process.stdout.write(` ${key} ${Math.round(runs[key].at(-1).r.requests.average)}/s`);
      }
      process.stdout.write('\n');
    }
    for (const [key, name] of interleaved) results[key] = summarize(name, runs[key]);
    // (g) in a child process; with f, f and g alternate in rounds too (f g f g ...), so both sides
    // of f/g see the same phase of the shared machine (their rates moved by up to 30 % between runs).
    const commitRound = (seconds, warmup) => {
      const worker = spawnSync(process.execPath, [self, '--role', 'commits', '--file', join(dataDir, 'commit-rate.db'), '--duration', String(seconds), '--warmup', String(warmup)], {
        cwd: root,
        encoding: 'utf8',
        timeout: (seconds + warmup + 30) * 1000,
      });
      if (worker.status !== 0) throw new Error(`commit worker failed: ${worker.stderr}`);
      return JSON.parse(worker.stdout);
    };
    const withG = !only || only.has('g');
    const gRounds = [];
    for (const [key, name, port, pid, options] of alone) {
      process.stdout.write(`measuring (${key}) ${name} ...`);
      if (warmupS > 0) await measure(autocannon, port, pid, options, { seconds: warmupS });
      if (key === 'f' && withG) {
        const fRuns = [];
        for (let n = 0; n < rounds; n++) {
          fRuns.push(await measure(autocannon, port, pid, options, { seconds: durationS / rounds }));
          gRounds.push(commitRound(durationS / rounds, n === 0 ? Math.min(warmupS, 2) : 0.5));
          fgRounds.push(fRuns.at(-1).r.requests.average / gRounds.at(-1).rps);
          process.stdout.write(` f ${Math.round(fRuns.at(-1).r.requests.average)}/s g ${Math.round(gRounds.at(-1).rps)}/s;`);
        }
        results[key] = summarize(name, fRuns);
      } else results[key] = summarize(name, [await measure(autocannon, port, pid, options, { seconds: durationS })]);
      process.stdout.write(` ${Math.round(results[key].rps)} req/s\n`);
    }

    if (withG) {
      if (gRounds.length === 0) {
        process.stdout.write('measuring (g) one-row SQLite commits (WAL, synchronous=FULL) ...');
        gRounds.push(commitRound(durationS, Math.min(warmupS, 2)));
      }
      const commits = gRounds.reduce((sum, g) => sum + g.commits, 0);
      const seconds = gRounds.reduce((sum, g) => sum + g.commits / g.rps, 0);
      results.g = {
        name: 'SQLite one-row commits (same disk, same pragmas)',
        rps: round(commits / seconds),
        p50: round(median(gRounds.map((g) => g.p50)), 3),
        p99: round(median(gRounds.map((g) => g.p99)), 3),
        p99Worst: round(Math.max(...gRounds.map((g) => g.p99)), 3),
        requests: commits,
        runs: gRounds.length,
        non2xx: 0,
        errors: 0,
        peakRssMB: null,
        hwmMB: round(Math.max(...gRounds.map((g) => g.hwmMB))),
      };
      process.stdout.write(` g ${Math.round(results.g.rps)} commits/s\n`);
    }

    startup.serverLogLines = server.logLines();
    startup.serverHwmMB = round(memKB(server.child.pid, 'VmHWM') / 1024);
    await stopChild(server);
    await stopChild(baseline);
    await stopChild(replay);
    await stopChild(replayD);
  } finally {
    killChildren();
    if (!opts.keep) rmSync(tmp, { recursive: true, force: true });
    else console.log(`data kept in ${tmp}`);
  }

  const ratio = (x, y) => (results[x] && results[y] ? round(results[x].rps / results[y].rps, 3) : null);
  // Issue 20: b and d against a bare node:http server sending the very same bytes (a_b, a_d), and f/g as
  // the median of the rounds' f/g (f and g alternate, so each pair saw the same phase of the machine).
  const fgMedian = fgRounds.length > 0 ? round(median(fgRounds), 3) : ratio('f', 'g');
  const ratios = { 'b/a_b': ratio('b', 'a_b'), 'd/a_d': ratio('d', 'a_d'), 'f/g': fgMedian };
  // Not targets: against the small bare answer (a), the bare servers against (a), f/g of the totals and per round.
  const extraRatios = {
    'b/a': ratio('b', 'a'),
    'd/a': ratio('d', 'a'),
    'e/a': ratio('e', 'a'),
    'a_b/a': ratio('a_b', 'a'),
    'a_d/a': ratio('a_d', 'a'),
    'f/g totals': ratio('f', 'g'),
    'f/g rounds': fgRounds.map((x) => round(x, 3)),
  };
  const peakOf = (keys) => Math.max(0, ...keys.filter((k) => results[k]).map((k) => Math.max(results[k].peakRssMB ?? 0, results[k].hwmMB ?? 0)));
  const serverPeakReads = peakOf(['b', 'b_gzip', 'c', 'd_cold', 'd', 'e', 'e_gzip']);
  const serverPeak = Math.max(...['b', 'b_gzip', 'c', 'd', 'e', 'e_gzip', 'f'].filter((k) => results[k]).map((k) => Math.max(results[k].peakRssMB ?? 0, results[k].hwmMB ?? 0)));
  const checks = [
    ['b/a_b >= 0.9', ratios['b/a_b'] >= 0.9, ratios['b/a_b']],
    ['d/a_d >= 0.9', ratios['d/a_d'] >= 0.9, ratios['d/a_d']],
    ['p99 (b) < 25 ms', results.b?.p99 < 25, `${results.b?.p99} ms`],
    ['p99 (d) < 25 ms', results.d?.p99 < 25, `${results.d?.p99} ms`],
    ['f/g >= 0.5 (median of the rounds)', ratios['f/g'] >= 0.5, ratios['f/g']],
    ['server peak RSS < 150 MB (b-e)', serverPeakReads < 150, `${serverPeakReads} MB`],
    ['server peak RSS < 150 MB (all, with f)', serverPeak < 150, `${serverPeak} MB`],
    ['health 200 within 1 s (fresh dir, demo data)', startup.demoDataHealthMs < 1000, `${startup.demoDataHealthMs} ms`],
    ['health 200 within 1 s (fresh dir, no demo)', startup.emptyHealthMs < 1000, `${startup.emptyHealthMs} ms`],
  ];

  console.log('');
  const rows = [['', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'worst p99', 'peak RSS MB', 'VmHWM MB', 'srv CPU us/req', 'srv cores', 'client us/req', 'non-2xx', 'errors']];
  for (const k of ['a', 'a_b', 'a_d', 'b', 'b_gzip', 'c', 'd_cold', 'd', 'e', 'e_gzip', 'f', 'g'].filter((key) => results[key])) {
    const r = results[k];
    rows.push([k, r.name, String(Math.round(r.rps)), String(r.p50), String(r.p99), String(r.p99Worst ?? '-'), String(r.peakRssMB ?? '-'), String(r.hwmMB ?? '-'), String(r.serverCpuUsPerReq ?? '-'), String(r.serverCpuShare ?? '-'), String(r.clientCpuUsPerReq ?? '-'), String(r.non2xx), String(r.errors)]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  '));
  console.log('');
  console.log(`other ratios: ${Object.entries(extraRatios).map(([k, v]) => `${k} ${v}`).join('   ')}`);
  console.log(`ratios: ${Object.entries(ratios).map(([k, v]) => `${k} ${v}`).join('   ')}`);
  console.log(`startup: ${JSON.stringify(startup)}`);
  console.log('');
  for (const [name, ok, value] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value}`);

  const report = {
    ratios,
    extraRatios,
    results,
    startup,
    targets: Object.fromEntries(checks.map(([name, ok, value]) => [name, { pass: ok, value }])),
    machine: mach,
    settings: { durationS, warmupS, connections, logLevel: opts['log-level'], nodeOptions: opts['node-options'] ?? null, startFlags, only: opts.only ?? null, date: startedAt.toISOString() },
  };
  // A partial run (--only) must not replace the recorded full run.
  const reportFile = opts.only ? 'last-run-only.json' : 'last-run.json';
  // Sections other benches write (`large`: bench/large.ts, bench/large-postgres.ts) are kept.
  const reportPath = join(root, 'bench', reportFile);
  const kept = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : {};
  writeFileSync(reportPath, `${JSON.stringify({ ...kept, ...report }, null, 2)}\n`);
  console.log(`\nwritten to bench/${reportFile}`);
  const broken = Object.values(results).some((r) => r.non2xx > 0 || r.errors > 0);
  if (broken) console.log('some requests failed: the numbers above are not comparable');
  process.exitCode = broken || (opts.strict && checks.some(([, ok]) => !ok)) ? 1 : 0;
}

// Dispatch last: every const above is initialised by now.
if (opts.role === 'baseline') baselineServer(opts.file);
else if (opts.role === 'commits') await commitWorker(opts.file, durationS, warmupS);
else await main();
