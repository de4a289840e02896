/**
 * `npm run bench`, second part (issue 14): the production server on PostgreSQL, with one and with
 * three shop processes on one database, next to PostgreSQL's own one-row commit rate.
 *
 *   (p1) GET /api/products?limit=24 on one process   (p3) the same spread over three processes
 *   (o1) POST /api/orders by signed-in customers on one process   (o3) over three processes
 *   (pg) raw one-row commits (BEGIN, INSERT, COMMIT) on one connection to the same cluster
 *
 * A throwaway cluster (tests/support/postgres.ts: initdb in a temporary folder, loopback only,
 * fsync on) holds the database `shop`, migrated with the committed migrations and filled through
 * SQL with bench/server.mjs's data (5,000 products in 20 categories, 1,000 customers, 1-3 cart
 * lines each). Three `node dist/main.js` processes (NODE_ENV=production, the flags `npm start` gives
 * node, their own DATA_DIR, one SESSION_SECRET) run for the whole bench; the one-process rows load
 * only the first while the other two sit idle, so p1/p3 and o1/o3 can alternate in rounds. Load
 * comes from autocannon in this process: for three processes, one instance per process at once,
 * the connections split between them (the same total as one process gets).
 *
 * Flags: those of bench/server.mjs (`npm run bench -- --quick` reaches both): --duration, --warmup,
 * --quick, --connections, --keep (keep the shops' data folders and logs; the cluster always goes),
 * --strict (exit 1 when a check fails), --only (p1,p3,o1,o3,pg; keys of server.mjs are ignored,
 * and with none of ours nothing runs), --log-level, --node-options.
 * Results go to the console and bench/postgres-last-run.json (postgres-last-run-only.json with --only).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres, runPostgresMigrations } from '../src/platform/postgres.js';
import { startPostgres, type PostgresCluster } from '../tests/support/postgres.js';
import { cpuSeconds, freePort, median, memKB, postgresCpuSeconds, request, round, sleep, startChild, startFlags, stop, type Child } from './lib/proc.js';
import { commitRound, type CommitRound } from './lib/pg-commits.js';

const root = fileURLToPath(new URL('..', import.meta.url));

const { values: opts } = parseArgs({
  options: {
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
const keys = ['p1', 'p3', 'o1', 'o3', 'pg'] as const;
type Key = (typeof keys)[number];
const only = opts.only ? new Set(opts.only.split(',')) : null;
const chosen = new Set<Key>(keys.filter((k) => !only || only.has(k)));
const processCount = 3;

// ---------------------------------------------------------------------------------------------
// autocannon has no type declarations: the little of it this file uses.

type CannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
};
type CannonRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (req: CannonRequest) => CannonRequest };
type CannonOptions = { url: string; connections: number; timeout: number; duration?: number; amount?: number; requests?: CannonRequest[] };
type Autocannon = (options: CannonOptions, done: (error: Error | null, result: CannonResult) => void) => { on(event: 'error', listener: (e: Error) => void): void };

// ---------------------------------------------------------------------------------------------
// Helpers: bench/lib/proc.ts (the same measures as bench/server.mjs)

type Shop = Child & { port: number; log: string; healthMs: number };

/** The V8 flags `npm start` (and the Docker image) runs the server with (its memory budget), unless --node-options replaces them. */
const shopFlags: string[] = opts['node-options'] ? [] : startFlags;

const sessionSecret = 'bench-session-secret-bench-session-secret-0123';

/** A shop process on DATABASE_URL, its stdout written to a file as a log collector would take it. */
async function startShop(databaseUrl: string, dataDir: string): Promise<Shop> {
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const log = `${dataDir}-server.log`;
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: sessionSecret,
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
  };
  const started = performance.now();
  // --cpu-prof <dir>: each shop writes a V8 CPU profile there when it stops (as bench/server.mjs's).
  const profile = opts['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${opts['cpu-prof']}`] : [];
  const shop = startChild([...shopFlags, ...profile, 'dist/main.js'], env, log);
  const { child, err } = shop;
  const logText = () => (existsSync(log) ? readFileSync(log, 'utf8').slice(-4000) : '');
  const deadline = started + 20_000;
  while (performance.now() < deadline && child.exitCode === null) {
    try {
      if ((await request(port, 'GET', '/api/health', { timeoutMs: 1000 })).status === 200) {
        return { ...shop, port, log, healthMs: round(performance.now() - started) };
      }
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  const why = child.exitCode === null ? 'did not answer /api/health within 20 s' : `exited with code ${child.exitCode} before answering /api/health`;
  throw new Error(`the shop process on PostgreSQL ${why}:\n${err() || logText()}`);
}


// ---------------------------------------------------------------------------------------------
// The data: bench/server.mjs's rows, in the PostgreSQL tables (migrations/postgres)

const hex = (n: number) => randomBytes(n).toString('hex');
const idAt = (ms: number) => ms.toString(16).padStart(12, '0').slice(-12) + hex(6);
const password = 'Bench#Pass2026';
const iso = (ms: number) => new Date(ms).toISOString();

type Product = { id: string; price: number };
type Customer = { id: string; email: string };

async function fill(url: string) {
  // The identity module's format: scrypt$N$r$p$salt$hash (base64), N=2^15, r=8, p=1, 32-byte key.
  // One hash for all customers (they share the bench password): 1,000 hashes would take a minute.
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 256 * 2 ** 15 * 8 });
  const hash = `scrypt$${2 ** 15}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;

  const now = Date.now();
  const categories = Array.from({ length: 20 }, (_, i) => ({ id: idAt(now - 100_000 - i), name: `Bench Category ${i + 1}`, createdAt: now - 100_000 - i }));
  const products = Array.from({ length: 5000 }, (_, i) => ({
    id: idAt(now - 5000 * 1000 + i * 1000),
    title: `Bench Product ${i + 1} ${['Plush', 'Card Sleeves', 'Figure', 'Poster', 'Keychain'][i % 5]}`,
    description: `A collectible item number ${i + 1} for the benchmark. `.repeat(4).trim(),
    categoryId: categories[i % 20]!.id,
    price: 100 + ((i * 37) % 4900),
    sizes: JSON.stringify(['S', 'M', 'L']),
    colors: JSON.stringify(['Red', 'Blue']),
    images: JSON.stringify([`https://i.ibb.co/bench/p${i}-a.webp`, `https://i.ibb.co/bench/p${i}-b.webp`]),
    createdAt: now - 5000 * 1000 + i * 1000,
  }));
  const customers = Array.from({ length: 1000 }, (_, i) => ({ id: idAt(now - 2000 + i), name: `Customer ${i + 1}`, email: `customer${i + 1}@bench.test`, createdAt: now - 2000 + i }));
  const lines = customers.flatMap((u, i) =>
    Array.from({ length: 1 + (i % 3) }, (_, n) => ({
      id: idAt(now - 1000 + i),
      userId: u.id,
      productId: products[(i * 7 + n * 13) % products.length]!.id,
      size: ['S', 'M', 'L'][n]!,
      quantity: 1 + n,
      createdAt: now - 1000 + i,
    })),
  );

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // One statement per table: unnest turns the column arrays into rows.
    await client.query('insert into categories (id, name, name_key, created_at) select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[])', [
      categories.map((c) => c.id),
      categories.map((c) => c.name),
      categories.map((c) => c.name.toLowerCase().replace(/\s+/g, '')),
      categories.map((c) => iso(c.createdAt)),
    ]);
    await client.query(
      `insert into products (id, title, description, category_id, price, sizes, colors, images, created_at, updated_at)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::json[], $7::json[], $8::json[], $9::timestamptz[], $9::timestamptz[])`,
      [
        products.map((p) => p.id),
        products.map((p) => p.title),
        products.map((p) => p.description),
        products.map((p) => p.categoryId),
        products.map((p) => p.price),
        products.map((p) => p.sizes),
        products.map((p) => p.colors),
        products.map((p) => p.images),
        products.map((p) => iso(p.createdAt)),
      ],
    );
    // Stock enough for every order the bench places (it measures throughput, not selling out).
    await client.query(
      `insert into product_variants (product_id, size, color, stock)
       select p, s, c, 100000 from unnest($1::text[]) p, unnest(array['S', 'M', 'L']) s, unnest(array['Red', 'Blue']) c`,
      [products.map((p) => p.id)],
    );
    await client.query(
      `insert into users (id, name, email, role, provider, password_hash, token_version, created_at)
       select id, name, email, 'customer', 'local', $4, 0, created_at from unnest($1::text[], $2::text[], $3::text[], $5::timestamptz[]) as u(id, name, email, created_at)`,
      [customers.map((u) => u.id), customers.map((u) => u.name), customers.map((u) => u.email), hash, customers.map((u) => iso(u.createdAt))],
    );
    await client.query(
      `insert into cart_lines (id, user_id, product_id, size, color, quantity, created_at)
       select id, user_id, product_id, size, 'Red', quantity, created_at from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[]) as l(id, user_id, product_id, size, quantity, created_at)`,
      [lines.map((l) => l.id), lines.map((l) => l.userId), lines.map((l) => l.productId), lines.map((l) => l.size), lines.map((l) => l.quantity), lines.map((l) => iso(l.createdAt))],
    );
    await client.query('commit');
    const counts = (await client.query<{ p: number; c: number; u: number; l: number }>(
      'select (select count(*) from products)::int p, (select count(*) from categories)::int c, (select count(*) from users)::int u, (select count(*) from cart_lines)::int l',
    )).rows[0]!;
    return { counts, products: products as Product[], customers: customers as Customer[] };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

type Run = { results: CannonResult[]; seconds: number; shopCpu: number; pgCpu: number; clientCpu: number; peakKB: number; hwmKB: number };
type Target = { port: number; requests: CannonRequest[] };

/** Splits the connections between the targets, at least one each. */
const share = (total: number, n: number, i: number) => Math.max(1, Math.floor(total / n) + (i < total % n ? 1 : 0));

/**
 * One autocannon instance per target, all at once, for `seconds`. RSS of every shop process is
 * sampled every 100 ms; CPU of the shops, of PostgreSQL and of this process is read around the run.
 */
async function measure(autocannon: Autocannon, targets: Target[], shopPids: number[], postmaster: number | undefined, seconds: number): Promise<Run> {
  const rss = () => Math.max(...shopPids.map((pid) => memKB(pid, 'VmRSS')));
  let peakKB = rss();
  const sampler = setInterval(() => (peakKB = Math.max(peakKB, rss())), 100);
  const shopCpu = () => shopPids.reduce((n, pid) => n + cpuSeconds(pid), 0);
  const started = performance.now();
  const shopBefore = shopCpu();
  const pgBefore = postgresCpuSeconds(postmaster);
  const ownBefore = process.cpuUsage();
  try {
    const results = await Promise.all(
      targets.map(
        (t, i) =>
          new Promise<CannonResult>((resolve, reject) => {
            const instance = autocannon(
              { url: `http://127.0.0.1:${t.port}`, connections: share(connections, targets.length, i), timeout: 10, duration: seconds, requests: t.requests },
              (e, res) => (e ? reject(e) : resolve(res)),
            );
            instance.on('error', reject);
          }),
      ),
    );
    const own = process.cpuUsage(ownBefore);
    return {
      results,
      seconds: (performance.now() - started) / 1000,
      shopCpu: shopCpu() - shopBefore,
      pgCpu: postgresCpuSeconds(postmaster) - pgBefore,
      clientCpu: (own.user + own.system) / 1e6,
      peakKB: Math.max(peakKB, rss()),
      hwmKB: Math.max(...shopPids.map((pid) => memKB(pid, 'VmHWM'))),
    };
  } finally {
    clearInterval(sampler);
  }
}

type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  p99Worst: number;
  requests: number;
  runs: number;
  non2xx: number;
  errors: number;
  serverCpuUsPerReq: number | null;
  serverCpuShare: number | null;
  pgCpuUsPerReq: number | null;
  pgCpuShare: number | null;
  clientCpuUsPerReq: number | null;
  peakRssMB: number | null;
  hwmMB: number | null;
};

/**
 * Rounds of one scenario as one row: rate over the total time, p50 the median over the rounds of
 * the processes' median p50, p99 the median over the rounds of the worst process's p99 (autocannon
 * gives each instance its own histogram), "worst p99" the worst round.
 */
function summarize(name: string, runs: Run[]): Row {
  const total = runs.reduce((n, run) => n + run.results.reduce((m, r) => m + r.requests.total, 0), 0);
  const seconds = runs.reduce((n, run) => n + run.seconds, 0);
  const p99s = runs.map((run) => Math.max(...run.results.map((r) => r.latency.p99)));
  const sum = (f: (run: Run) => number) => runs.reduce((n, run) => n + f(run), 0);
  return {
    name,
    rps: round(total / seconds),
    p50: median(runs.map((run) => median(run.results.map((r) => r.latency.p50)))),
    p99: median(p99s),
    p99Worst: Math.max(...p99s),
    requests: total,
    runs: runs.length,
    non2xx: sum((run) => run.results.reduce((n, r) => n + r.non2xx, 0)),
    errors: sum((run) => run.results.reduce((n, r) => n + r.errors + r.timeouts, 0)),
    serverCpuUsPerReq: total ? Math.round((sum((run) => run.shopCpu) * 1e6) / total) : null,
    serverCpuShare: round(sum((run) => run.shopCpu) / seconds, 2),
    pgCpuUsPerReq: total ? Math.round((sum((run) => run.pgCpu) * 1e6) / total) : null,
    pgCpuShare: round(sum((run) => run.pgCpu) / seconds, 2),
    clientCpuUsPerReq: total ? Math.round((sum((run) => run.clientCpu) * 1e6) / total) : null,
    peakRssMB: round(Math.max(...runs.map((run) => run.peakKB)) / 1024),
    hwmMB: round(Math.max(...runs.map((run) => run.hwmKB)) / 1024),
  };
}

function commitRow(rounds: CommitRound[]): Row {
  const commits = rounds.reduce((n, r) => n + r.commits, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  const pgCpu = rounds.reduce((n, r) => n + r.pgCpu, 0);
  return {
    name: 'PostgreSQL one-row commits (one connection, same cluster)',
    rps: round(commits / seconds),
    p50: round(median(rounds.map((r) => r.p50)), 3),
    p99: round(median(rounds.map((r) => r.p99)), 3),
    p99Worst: round(Math.max(...rounds.map((r) => r.p99)), 3),
    requests: commits,
    runs: rounds.length,
    non2xx: 0,
    errors: 0,
    serverCpuUsPerReq: null,
    serverCpuShare: null,
    pgCpuUsPerReq: commits ? Math.round((pgCpu * 1e6) / commits) : null,
    pgCpuShare: round(pgCpu / seconds, 2),
    clientCpuUsPerReq: commits ? Math.round((rounds.reduce((n, r) => n + r.clientCpu, 0) * 1e6) / commits) : null,
    peakRssMB: null,
    hwmMB: null,
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

// ---------------------------------------------------------------------------------------------

async function main() {
  if (chosen.size === 0) {
    console.log(`bench (PostgreSQL): none of ${keys.join(', ')} chosen by --only; nothing to measure`);
    return;
  }
  const startedAt = new Date();
  const mach = machine();
  const withShops = ['p1', 'p3', 'o1', 'o3'].some((k) => chosen.has(k as Key));
  console.log(`\nbench (PostgreSQL): ${durationS} s per measurement after ${warmupS} s of warm-up, ${connections} connections, ${mach.nproc} cores, Node ${mach.node}`);

  if (withShops) {
    const { buildServerIfNeeded } = (await import(join(root, 'scripts', 'build-if-needed.mjs'))) as { buildServerIfNeeded: () => void };
    buildServerIfNeeded();
  }
  // autocannon ships no types (bench/autocannon.d.ts); the Autocannon type above covers what is used.
  const { default: autocannon } = (await import('autocannon')) as { default: Autocannon };

  const tmp = mkdtempSync(join(os.tmpdir(), 'shop-bench-pg-'));
  const results: Partial<Record<Key, Row>> = {};
  const info: Record<string, unknown> = {};
  let cluster: PostgresCluster | undefined;
  let commitClient: pg.Client | undefined;
  const running: Shop[] = [];
  try {
    // Room for three pools of DATABASE_POOL_SIZE (10) and this process's connections.
    cluster = await startPostgres({ maxConnections: 60 });
    const setting = async (name: string) => String((await cluster!.admin(`show ${name}`)).rows[0]?.[name]);
    info.postgres = {
      version: await setting('server_version'),
      fsync: await setting('fsync'),
      synchronous_commit: await setting('synchronous_commit'),
      wal_sync_method: await setting('wal_sync_method'),
      shared_buffers: await setting('shared_buffers'),
      max_connections: await setting('max_connections'),
    };
    console.log(`postgres: ${JSON.stringify(info.postgres)}`);
    const postmaster = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;

    // The raw commit rate's own database on the same cluster (one WAL, one disk), out of the shop's tables.
    commitClient = new pg.Client({ connectionString: await cluster.createDatabase({ name: 'commit_rate' }) });
    // The cluster stopping under it (a failed run) must not become an unhandled 'error' event.
    commitClient.on('error', () => {});
    await commitClient.connect();
    await commitClient.query('create table commits (id bigint generated always as identity primary key, at bigint not null, note text not null)');
    const commitRounds: CommitRound[] = [];
    const rounds = Math.max(1, Math.min(5, Math.floor(durationS)));

    if (withShops) {
      const migrateStarted = performance.now();
      const handle = openPostgres(cluster.url, { max: 2 });
      try {
        await runPostgresMigrations(handle);
      } finally {
        await handle.close();
      }
      info.migrateMs = round(performance.now() - migrateStarted);
      const fillStarted = performance.now();
      const data = await fill(cluster.url);
      console.log(`data: ${JSON.stringify(data.counts)} in ${Math.round(performance.now() - fillStarted)} ms (migrations ${Math.round(info.migrateMs as number)} ms)`);
      info.counts = data.counts;

      // Three processes at once, as compose starts them once the database is migrated.
      running.push(...(await Promise.all(Array.from({ length: processCount }, (_, i) => startShop(cluster!.url, join(tmp, `shop-${i + 1}`))))));
      info.healthMs = running.map((s) => s.healthMs);
      const pids = running.map((s) => s.child.pid!);

      // Sanity checks on every process: the answers the load test counts are the real ones.
      for (const shop of running) {
        const page = await request(shop.port, 'GET', '/api/products?limit=24');
        if (page.status !== 200 || (JSON.parse(page.body.toString()) as unknown[]).length !== 24) throw new Error(`GET /api/products?limit=24 on port ${shop.port}: ${page.status} ${page.body.toString().slice(0, 300)}`);
      }

      let acknowledged: number | null = null;
      const readRequests = [{ method: 'GET', path: '/api/products?limit=24' }];
      const scenarios: Array<[Key, string, Target[], number[]]> = [
        ['p1', 'GET /api/products?limit=24, 1 process', [{ port: running[0]!.port, requests: readRequests }], pids.slice(0, 1)],
        ['p3', `GET /api/products?limit=24, ${processCount} processes`, running.map((s) => ({ port: s.port, requests: readRequests })), pids],
      ];

      // Reads: p1 and p3 alternate in rounds (p1 p3 p1 p3 ...), so both see the same phases of the shared machine.
      const reads = scenarios.filter(([key]) => chosen.has(key));
      const runs: Partial<Record<Key, Run[]>> = {};
      for (const [key, name, targets, shopPids] of reads) {
        process.stdout.write(`warming up (${key}) ${name}\n`);
        if (warmupS > 0) await measure(autocannon, targets, shopPids, postmaster, warmupS);
      }
      if (reads.length > 0) {
        for (let n = 0; n < rounds; n++) {
          process.stdout.write(`round ${n + 1}/${rounds}:`);
          for (const [key, , targets, shopPids] of reads) {
            const run = await measure(autocannon, targets, shopPids, postmaster, durationS / rounds);
            (runs[key] ??= []).push(run);
            process.stdout.write(` ${key} ${Math.round(run.results.reduce((t, r) => t + r.requests.total, 0) / run.seconds)}/s`);
          }
          process.stdout.write('\n');
        }
        for (const [key, name] of reads) results[key] = summarize(name, runs[key]!);
      }

      // Orders: o1, pg, o3, pg, ... in rounds.
      const orderKeys = (['o1', 'o3'] as const).filter((k) => chosen.has(k));
      if (orderKeys.length > 0) {
        // Signed-in customers: the per-address sign-in limit (50 in 15 min by default) allows 40.
        // One sign-in each, on the first process: the shared SESSION_SECRET makes the token good on all.
        const signedIn: string[] = [];
        for (const c of data.customers.slice(0, 40)) {
          const res = await request(running[0]!.port, 'POST', '/api/auth/login', { body: { email: c.email, password }, timeoutMs: 10_000 });
          if (res.status !== 200) throw new Error(`login ${c.email}: ${res.status} ${res.body.toString()}`);
          signedIn.push((JSON.parse(res.body.toString()) as { token: string }).token);
        }
        const orderable = data.products.slice(0, 200);
        const checkout = { name: 'Bench Customer', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
        let orderNo = 0;
        const orderRequest = (req: CannonRequest): CannonRequest => {
          const n = orderNo++;
          const product = orderable[n % orderable.length]!;
          return {
            ...req,
            method: 'POST',
            path: '/api/orders',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn[n % signedIn.length]}`, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ ...checkout, items: [{ productId: product.id, size: 'M', color: 'Red', quantity: 1 }], amount: product.price + 60 }),
          };
        };
        // One order through each process first: a token from the first is good on the others.
        for (const shop of running) {
          const first = orderRequest({});
          const placed = await request(shop.port, 'POST', '/api/orders', { headers: first.headers ?? {}, body: first.body ?? '' });
          if (placed.status !== 201) throw new Error(`POST /api/orders on port ${shop.port}: ${placed.status} ${placed.body.toString().slice(0, 500)}`);
        }
        acknowledged = running.length;
        const orderTargets = (n: number) => running.slice(0, n).map((s) => ({ port: s.port, requests: [{ setupRequest: orderRequest }] }));
        const orderScenarios: Array<[Key, string, Target[], number[]]> = [
          ['o1', 'POST /api/orders (Order Now), 1 process', orderTargets(1), pids.slice(0, 1)],
          ['o3', `POST /api/orders (Order Now), ${processCount} processes`, orderTargets(processCount), pids],
        ];
        const orders = orderScenarios.filter(([key]) => chosen.has(key));
        const count2xx = (run: Run) => run.results.reduce((t, r) => t + r['2xx'], 0);
        for (const [key, name, targets, shopPids] of orders) {
          process.stdout.write(`warming up (${key}) ${name}\n`);
          if (warmupS > 0) acknowledged += count2xx(await measure(autocannon, targets, shopPids, postmaster, warmupS));
        }
        const withPg = chosen.has('pg');
        for (let n = 0; n < rounds; n++) {
          process.stdout.write(`round ${n + 1}/${rounds}:`);
          for (const [key, , targets, shopPids] of orders) {
            const run = await measure(autocannon, targets, shopPids, postmaster, durationS / rounds);
            acknowledged += count2xx(run);
            (runs[key] ??= []).push(run);
            process.stdout.write(` ${key} ${Math.round(run.results.reduce((t, r) => t + r.requests.total, 0) / run.seconds)}/s`);
            if (withPg) {
              commitRounds.push(await commitRound(commitClient, durationS / rounds, commitRounds.length === 0 ? Math.min(warmupS, 2) : 0.5, postmaster));
              process.stdout.write(` pg ${Math.round(commitRounds.at(-1)!.commits / commitRounds.at(-1)!.seconds)}/s`);
            }
          }
          process.stdout.write('\n');
        }
        for (const [key, name] of orders) results[key] = summarize(name, runs[key]!);
      }

      info.serverLogLines = running.map((s) => (existsSync(s.log) ? readFileSync(s.log, 'utf8').split('\n').length - 1 : 0));
      info.serverHwmMB = running.map((s) => round(memKB(s.child.pid, 'VmHWM') / 1024));
      info.exitCodes = await Promise.all(running.map(stop));
      if (acknowledged !== null) {
        // Every acknowledged order is there once, counted after the processes stopped (they finish
        // the requests in flight first). Requests still in flight when a measurement ended were
        // placed without autocannon counting them, so the database may hold more, never fewer.
        const check = new pg.Client({ connectionString: cluster.url });
        await check.connect();
        try {
          const stored = (await check.query<{ orders: number; keys: number; events: number }>(
            'select (select count(*) from orders)::int orders, (select count(*) from order_requests)::int keys, (select count(*) from order_events)::int events',
          )).rows[0]!;
          info.orders = { acknowledged, ...stored };
        } finally {
          await check.end();
        }
        // The hash chain the processes appended to together still verifies.
        const audit = spawnSync(process.execPath, [join(root, 'dist', 'cli', 'audit-verify.js')], {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: cluster.url, SESSION_SECRET: sessionSecret, DATA_DIR: join(tmp, 'shop-1') },
          encoding: 'utf8',
          timeout: 120_000,
        });
        info.auditVerify = { exitCode: audit.status, output: `${audit.stdout}${audit.stderr}`.trim().split('\n').slice(-3).join('\n') };
      }
    }

    if (chosen.has('pg')) {
      if (commitRounds.length === 0) {
        process.stdout.write('measuring (pg) one-row PostgreSQL commits ...');
        commitRounds.push(await commitRound(commitClient, durationS, Math.min(warmupS, 2), postmaster));
        process.stdout.write('\n');
      }
      results.pg = commitRow(commitRounds);
    }
  } finally {
    for (const shop of running) if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
    await commitClient?.end().catch(() => {});
    await cluster?.stop();
    if (!opts.keep) rmSync(tmp, { recursive: true, force: true });
    else console.log(`shops' data folders and logs kept in ${tmp}`);
  }

  const ratio = (x: Key, y: Key) => (results[x] && results[y] ? round(results[x].rps / results[y].rps, 3) : null);
  const ratios = { 'p3/p1': ratio('p3', 'p1'), 'o3/o1': ratio('o3', 'o1'), 'o1/pg': ratio('o1', 'pg'), 'o3/pg': ratio('o3', 'pg') };
  const orders = info.orders as { acknowledged: number; orders: number; keys: number; events: number } | undefined;
  const audit = info.auditVerify as { exitCode: number | null; output: string } | undefined;
  const checks: Array<[string, boolean, string]> = [];
  if (orders) checks.push(['every acknowledged order stored once', orders.orders >= orders.acknowledged && orders.orders === orders.keys, `${orders.acknowledged} acknowledged, ${orders.orders} orders, ${orders.keys} idempotency keys, ${orders.events} events`]);
  if (audit) checks.push(['audit:verify passes after the orders', audit.exitCode === 0, audit.output.replace(/\n/g, ' / ')]);

  console.log('');
  const header = ['', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'worst p99', 'peak RSS MB', 'VmHWM MB', 'srv CPU us/req', 'srv cores', 'pg CPU us/req', 'pg cores', 'client us/req', 'non-2xx', 'errors'];
  const rows = [header];
  for (const k of keys.filter((key) => results[key])) {
    const r = results[k]!;
    const cell = (v: number | null) => String(v ?? '-');
    rows.push([k, r.name, String(Math.round(r.rps)), cell(r.p50), cell(r.p99), cell(r.p99Worst), cell(r.peakRssMB), cell(r.hwmMB), cell(r.serverCpuUsPerReq), cell(r.serverCpuShare), cell(r.pgCpuUsPerReq), cell(r.pgCpuShare), cell(r.clientCpuUsPerReq), String(r.non2xx), String(r.errors)]);
  }
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  '));
  console.log('');
  console.log(`ratios: ${Object.entries(ratios).map(([k, v]) => `${k} ${v}`).join('   ')}`);
  if (info.healthMs) console.log(`start-up: first /api/health 200 after ${(info.healthMs as number[]).join(', ')} ms (${processCount} processes at once)`);
  for (const [name, ok, value] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value}`);

  const report = {
    ratios,
    results,
    info,
    checks: Object.fromEntries(checks.map(([name, ok, value]) => [name, { pass: ok, value }])),
    machine: mach,
    settings: { durationS, warmupS, connections, processes: processCount, logLevel: opts['log-level'], nodeOptions: opts['node-options'] ?? null, startFlags: shopFlags, only: opts.only ?? null, date: startedAt.toISOString() },
  };
  // A partial run (--only) must not replace the recorded full run.
  const reportFile = opts.only ? 'postgres-last-run-only.json' : 'postgres-last-run.json';
  writeFileSync(join(root, 'bench', reportFile), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten to bench/${reportFile}`);
  const broken = Object.values(results).some((r) => r.non2xx > 0 || r.errors > 0);
  if (broken) console.log('some requests failed: the numbers above are not comparable');
  process.exitCode = broken || (opts.strict && checks.some(([, ok]) => !ok)) ? 1 : 0;
}

await main();
