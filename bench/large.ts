/**
 * `npm run bench -- --scale large` (issue 20): the production server over a shop a hundred times the
 * size of bench/server.mjs's, on SQLite, next to a bare node:http server in the same run.
 *
 * The shop: 100,000 products in 50 categories (3 variants each, the search index filled by the
 * migrations' triggers), 50,000 customers, and ~1,000,000 order events (~496,000 orders over three
 * years) written by bench/seed-orders.ts with `events: true`: the order log with its hash chain and
 * head, the listing rows and the sales projection from the same pure functions the shop uses, so
 * `audit:verify` passes over it. Built with prepared statements in one transaction per batch
 * straight into a file the real migrations made; the time each part takes is printed and recorded.
 *
 * Then `node dist/main.js` (NODE_ENV=production, the flags `npm start` gives node) on that file, and
 * autocannon from this process, one row at a time: (a) the bare server; a paged product list; a
 * search; a category with price sort; the admins' order desk by status and by phone; the sales
 * figures (summary and 30 days); a customer's orders; placing orders, with (g) raw one-row SQLite
 * commits on the same disk next to it. Then `audit:verify` (dist/cli/audit-verify.js) over the log:
 * events/s, its CPU seconds (all its threads) and its peak RSS, next to this machine's raw SHA-256
 * rate over the same number of events and bytes (one digest per event, as the audit hashes them),
 * in the same run: the ratio, and per core (events per CPU second against the one-thread raw rate).
 *
 * Flags: --duration <s> per row (default 6), --warmup <s> (default 2), --connections <n> (default 10),
 * --data-dir <folder> (build there, or reuse a shop built there before: building takes minutes),
 * --keep (keep the temporary folder), --orders <n> (default 497,500: ~1,000,000 events), --build-only,
 * --only <keys> (e.g. `--only sales_summary,desk_phone`: those rows again on a kept --data-dir, merged
 * into the recorded `large.results` and listed in `large.remeasured`; no g, no audit).
 * Results: the console and the `large` section of bench/last-run.json (its other sections untouched).
 * PostgreSQL at this scale: `--engine postgres` (bench/large-postgres.ts).
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { categoryKey } from '../src/modules/catalogue/domain/category.js';
import { openSqliteDatabase } from '../src/platform/database.js';
import { dhakaDay } from '../src/shared/shop-time.js';
import { categoryCount, categoryName, customerCount, kinds, largeRows, password, probeOrder, productCount, sessionSecret, signIn, words, type CannonRequest, type LargeRow } from './lib/large-rows.js';
import { cpuSeconds, freePort, killChildren, memKB, request, root, round, sleep, startChild, startFlags, stop } from './lib/proc.js';
import { hex24, prng, seedOrders } from './seed-orders.js';

const { values: opts } = parseArgs({
  options: {
    scale: { type: 'string', default: 'large' },
    duration: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    orders: { type: 'string', default: '497500' },
    quick: { type: 'boolean', default: false },
    'build-only': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
  strict: false,
});
const durationS = Number(opts.quick ? 3 : opts.duration);
const warmupS = Number(opts.quick ? 1 : opts.warmup);
const connections = Number(opts.connections);
const orderCount = Number(opts.orders);

// ---------------------------------------------------------------------------------------------
// Building the shop


type Meta = { built: Record<string, number>; events: number; hashedBytes: number; orders: number; lastDay: string; products: number; customers: number; fileMB: number };

function build(file: string): Meta {
  const times: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    times[name] = round((now - t) / 1000, 2);
    console.log(`  ${name}: ${times[name]} s`);
    t = now;
  };
  // The real migrations (and the log head, triggers, FTS table) first.
  openSqliteDatabase(file).close();
  lap('migrations');

  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -65536');
  const random = prng(2026);
  const now = Date.now();

  const insertCategory = db.prepare('insert into categories (id, name, name_key, created_at) values (?, ?, ?, ?)');
  const insertProduct = db.prepare(
    'insert into products (id, title, description, category_id, price, sizes, colors, images, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertVariant = db.prepare("insert into product_variants (product_id, size, color, stock) values (?, ?, '', 100000)");
  const categoryIds = Array.from({ length: categoryCount }, (_, i) => hex24(i + 1, 'ca'));
  db.transaction(() => {
    for (let i = 0; i < categoryCount; i++) insertCategory.run(categoryIds[i], categoryName(i), categoryKey(categoryName(i)), now - 10_000_000 + i);
  })();
  const catalogue: Array<{ id: string; title: string; price: number }> = [];
  const sizes = JSON.stringify(['S', 'M', 'L']);
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = hex24(i + 1, 'b0');
      const title = `${words[Math.floor(random() * words.length)]} ${words[Math.floor(random() * words.length)]} ${kinds[i % kinds.length]} ${i + 1}`;
      const price = 100 + 10 * Math.floor(random() * 990);
      const at = now - (productCount - i) * 60_000;
      insertProduct.run(id, title, `A collectible ${kinds[i % kinds.length]!.toLowerCase()} number ${i + 1}, official licence, boxed.`, categoryIds[i % categoryCount], price, sizes, '[]', JSON.stringify([`https://i.ibb.co/large/p${i}.webp`]), at, at);
      for (const size of ['S', 'M', 'L']) insertVariant.run(id, size);
      catalogue.push({ id, title, price });
    }
  });
  for (let from = 0; from < productCount; from += 10_000) batch(from, Math.min(productCount, from + 10_000));
  lap('products, variants and search index');

  // One scrypt hash for every customer (they share the bench password), as bench/server.mjs does.
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 256 * 2 ** 15 * 8 });
  const hash = `scrypt$${2 ** 15}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  const insertUser = db.prepare("insert into users (id, name, email, role, provider, password_hash, token_version, created_at) values (?, ?, ?, ?, 'local', ?, 0, ?)");
  db.transaction(() => {
    // seed-orders.ts's owners: hex24(n + 1, 'c0') with customer<n>@bench.test; its admin ad...01.
    insertUser.run(hex24(1, 'ad'), 'Bench Admin', 'boss@bench.test', 'admin', hash, now - 20_000_000);
    for (let n = 0; n < customerCount; n++) insertUser.run(hex24(n + 1, 'c0'), `Customer ${n}`, `customer${n}@bench.test`, 'customer', hash, now - 10_000_000 + n);
  })();
  lap('customers');

  const lastDay = dhakaDay(new Date(now));
  const seeded = seedOrders(db, {
    orders: orderCount,
    lastDay,
    customers: customerCount,
    catalogue,
    events: true,
    progress: (n) => {
      if (n % 100_000 === 0 || n === orderCount) console.log(`    ${n.toLocaleString('en')} orders`);
    },
  });
  lap('orders, order log (hash chain), listing, sales projection');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  lap('analyze and checkpoint');
  const meta: Meta = {
    built: times,
    events: seeded.events,
    hashedBytes: seeded.hashedBytes,
    orders: seeded.orders,
    lastDay,
    products: productCount,
    customers: customerCount,
    fileMB: round(statSync(file).size / 1e6),
  };
  meta.built.total = round(Object.values(times).reduce((a, b) => a + b, 0), 1);
  return meta;
}

// ---------------------------------------------------------------------------------------------
// Measuring

type CannonResult = { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
type Autocannon = (
  options: { url: string; connections: number; timeout: number; duration: number; requests?: CannonRequest[]; headers?: Record<string, string> },
  done: (error: Error | null, result: CannonResult) => void,
) => { on(event: 'error', listener: (e: Error) => void): void };

type Row = { name: string; target: string | null; rps: number; p50: number; p99: number; p50At1: number | null; p99At1: number | null; serverCpuUsPerReq: number | null; serverCores: number; requests: number; non2xx: number; errors: number; peakRssMB: number; pass: boolean | null };

async function measure(autocannon: Autocannon, port: number, pid: number | undefined, requests: CannonRequest[], seconds: number, conns = connections) {
  let peakKB = memKB(pid, 'VmRSS');
  const sampler = setInterval(() => (peakKB = Math.max(peakKB, memKB(pid, 'VmRSS'))), 100);
  const cpuBefore = cpuSeconds(pid);
  try {
    const r = await new Promise<CannonResult>((resolve, reject) => {
      const instance = autocannon({ url: `http://127.0.0.1:${port}`, connections: conns, timeout: 10, duration: seconds, requests }, (e, res) => (e ? reject(e) : resolve(res)));
      instance.on('error', reject);
    });
    return { r, peakKB: Math.max(peakKB, memKB(pid, 'VmRSS')), cpu: cpuSeconds(pid) - cpuBefore };
  } finally {
    clearInterval(sampler);
  }
}

/** The raw SHA-256 rate: `events` digests (hex, as the chain stores them) over as many bytes as the audit hashed. */
function rawSha256(events: number, bytes: number) {
  const size = Math.max(1, Math.round(bytes / events));
  const message = Buffer.from('x'.repeat(size));
  const started = performance.now();
  for (let i = 0; i < events; i++) createHash('sha256').update(message).digest('hex');
  const seconds = (performance.now() - started) / 1000;
  return { events, bytesPerEvent: size, seconds: round(seconds, 2), eventsPerS: Math.round(events / seconds), MBps: round(bytes / 1e6 / seconds) };
}

async function main() {
  const { default: autocannon } = (await import('autocannon' as string)) as { default: Autocannon };
  const startedAt = new Date();
  if (opts.scale !== 'large') throw new Error(`--scale ${String(opts.scale)}: only "large" is known`);
  if (!existsSync(join(root, 'dist', 'main.js'))) throw new Error('dist/main.js is missing: npm run build:server first');
  const tmp = mkdtempSync(join(os.tmpdir(), 'shop-large-'));
  const dataDir = typeof opts['data-dir'] === 'string' ? opts['data-dir'] : join(tmp, 'shop');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'shop.db');
  const metaFile = join(dataDir, 'large-meta.json');
  const section: Record<string, unknown> = { date: startedAt.toISOString(), machine: { nproc: os.availableParallelism(), node: process.version, loadAverageAtStart: os.loadavg().map((n) => round(n, 2)) }, settings: { durationS, warmupS, connections } };
  try {
    let meta: Meta;
    if (existsSync(metaFile) && existsSync(file)) {
      meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Meta;
      console.log(`reusing the shop built in ${dataDir} (${meta.built.total} s to build)`);
    } else {
      console.log(`building: ${productCount.toLocaleString('en')} products in ${categoryCount} categories, ${customerCount.toLocaleString('en')} customers, ${orderCount.toLocaleString('en')} orders with their events`);
      meta = build(file);
      writeFileSync(metaFile, JSON.stringify(meta));
    }
    console.log(`shop: ${meta.events.toLocaleString('en')} events of ${meta.orders.toLocaleString('en')} orders, ${meta.fileMB} MB; built in ${meta.built.total} s`);
    section.shop = meta;
    if (opts['build-only']) return;

    // The server, and the bare baseline next to it.
    const port = await freePort();
    const log = join(tmp, 'server.log');
    const server = startChild([...startFlags, 'dist/main.js'], {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: sessionSecret,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
      MAX_PENDING_ORDERS: '1000000',
      ORDERS_PER_HOUR: '1000000',
      MAX_PENDING_PER_PHONE: '1000000',
    }, log);
    const started = performance.now();
    let up = false;
    while (performance.now() - started < 60_000 && server.child.exitCode === null) {
      try {
        if ((await request(port, 'GET', '/api/health', { timeoutMs: 1000 })).status === 200) {
          up = true;
          break;
        }
      } catch {
        // not yet
      }
      await sleep(20);
    }
    if (!up) throw new Error(`the server did not start: ${server.err()} ${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`);
    section.healthMs = round(performance.now() - started);
    const pid = server.child.pid;
    const basePort = await freePort();
    const baseline = startChild(['bench/server.mjs', '--role', 'baseline'], { PATH: process.env.PATH ?? '' }, join(tmp, 'baseline.log'));
    // server.mjs's baseline prints its port on stdout (the log file here): wait for it.
    let baselinePort = 0;
    for (let i = 0; i < 200 && !baselinePort; i++) {
      await sleep(25);
      const m = /"port":(\d+)/.exec(existsSync(join(tmp, 'baseline.log')) ? readFileSync(join(tmp, 'baseline.log'), 'utf8') : '');
      if (m) baselinePort = Number(m[1]);
    }
    void basePort;
    if (!baselinePort) throw new Error('the bare baseline server did not start');

    const { adminToken, customerTokens } = await signIn(port);
    const { reads, place } = largeRows({ adminToken, customerTokens, lastDay: meta.lastDay });
    const rows: LargeRow[] = [['a', 'bare node:http, small JSON', null, null, [{ method: 'GET', path: '/' }]], ...reads, ['place', 'POST /api/orders (Order Now)', null, null, place]];
    await probeOrder(port, customerTokens[0]!);

    // A slow row leaves work queued in the server after autocannon stops (timed-out requests are
    // still answered): before each measurement, wait until the server is idle (at most 60 s), so
    // one measurement's backlog does not land on the next.
    const waitIdle = async () => {
      for (let i = 0; i < 120; i++) {
        const before = cpuSeconds(pid);
        await sleep(500);
        if (cpuSeconds(pid) - before < 0.05) break;
      }
    };
    const results: Record<string, Row> = {};
    const only = typeof opts.only === 'string' ? new Set(opts.only.split(',')) : null;
    for (const [key, name, target, limit, requests] of rows) {
      if (only && !only.has(key)) continue;
      await waitIdle();
      const isBase = key === 'a';
      const p = isBase ? baselinePort : port;
      const ppid = isBase ? baseline.child.pid : pid;
      process.stdout.write(`measuring (${key}) ${name} ...`);
      if (warmupS > 0) await measure(autocannon, p, ppid, requests, warmupS);
      if (warmupS > 0) await waitIdle();
      const { r, peakKB, cpu } = await measure(autocannon, p, ppid, requests, durationS);
      // The same with one connection: the time of one request alone (no queue in front of it).
      if (key !== 'place') await waitIdle();
      const one = key === 'place' ? null : await measure(autocannon, p, ppid, requests, Math.max(1, durationS / 2), 1);
      results[key] = {
        name,
        target: target && limit ? `p99 < ${limit} ms (${target})` : null,
        rps: round(r.requests.total / durationS),
        p50: r.latency.p50,
        p99: r.latency.p99,
        // The server's CPU per answer and its share of a core: near 1-2 cores it is the limit; far below, it waits (disk, locks).
        serverCpuUsPerReq: r.requests.total ? Math.round((cpu * 1e6) / r.requests.total) : null,
        serverCores: round(cpu / durationS, 2),
        p50At1: one?.r.latency.p50 ?? null,
        p99At1: one?.r.latency.p99 ?? null,
        requests: r.requests.total,
        non2xx: r.non2xx + (one?.r.non2xx ?? 0),
        errors: r.errors + r.timeouts,
        peakRssMB: round(peakKB / 1024),
        // A row where no request came back within autocannon's 10 s timeout has no latency: a failure.
        pass: limit ? r.requests.total > 0 && r.latency.p99 < limit && r.non2xx + r.errors + r.timeouts === 0 : null,
      };
      process.stdout.write(` ${Math.round(results[key].rps)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${results[key].serverCpuUsPerReq} µs CPU/req (${results[key].serverCores} cores)${one ? `; 1 connection: p50 ${one.r.latency.p50} ms, p99 ${one.r.latency.p99} ms` : ''}${results[key].non2xx ? `, ${results[key].non2xx} non-2xx` : ''}\n`);
    }
    if (only) {
      await stop(server);
      await stop(baseline);
      const reportFile = join(root, 'bench', 'last-run.json');
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Record<string, unknown>;
      const large = (report.large as Record<string, unknown> | undefined) ?? {};
      large.results = { ...((large.results as Record<string, Row> | undefined) ?? {}), ...results };
      const targets = (large.targets as Record<string, { pass: boolean; value: string }> | undefined) ?? {};
      for (const [key, r] of Object.entries(results)) if (r.target) targets[`${key}: ${r.target}`] = { pass: r.pass === true, value: `${r.p99} ms` };
      large.targets = targets;
      large.remeasured = [...((large.remeasured as unknown[] | undefined) ?? []), { date: startedAt.toISOString(), keys: Object.keys(results), machine: section.machine }];
      report.large = large;
      writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
      console.log('\nmerged into bench/last-run.json (large.results)');
      return;
    }
    // (g) raw one-row SQLite commits on the same disk, right after the orders (bench/server.mjs's worker).
    process.stdout.write('measuring (g) one-row SQLite commits ...');
    const g = spawnSync(process.execPath, ['bench/server.mjs', '--role', 'commits', '--file', join(tmp, 'commits.db'), '--duration', String(durationS), '--warmup', String(Math.min(warmupS, 2))], { cwd: root, encoding: 'utf8' });
    const gRow = JSON.parse(g.stdout.trim().split('\n').at(-1) ?? '{}') as { rps: number; p50: number; p99: number };
    process.stdout.write(` ${Math.round(gRow.rps)} commits/s\n`);
    section.g = { name: 'SQLite one-row commits (WAL, synchronous=FULL)', rps: round(gRow.rps), p50: round(gRow.p50, 3), p99: round(gRow.p99, 3) };
    const shopHwmMB = round(memKB(pid, 'VmHWM') / 1024);
    await stop(server);
    await stop(baseline);
    section.results = results;
    section.shopPeakRssMB = shopHwmMB;
    section['place/g'] = results.place ? round(results.place.rps / gRow.rps, 3) : null;

    // audit:verify over the whole log, its RSS sampled, next to the raw SHA-256 rate.
    console.log(`audit:verify over ${meta.events.toLocaleString('en')} events ...`);
    const auditStarted = performance.now();
    const audit = startChild(['dist/cli/audit-verify.js'], { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SESSION_SECRET: sessionSecret }, join(tmp, 'audit.log'));
    let auditPeakKB = 0;
    // Its CPU (all threads: the CLI hashes the chain and runs the sales check in worker threads) as last seen before it exited.
    let auditCpuS = 0;
    const sampler = setInterval(() => {
      auditPeakKB = Math.max(auditPeakKB, memKB(audit.child.pid, 'VmRSS'));
      auditCpuS = Math.max(auditCpuS, cpuSeconds(audit.child.pid));
    }, 50);
    const auditCode = await audit.exited;
    clearInterval(sampler);
    const auditS = (performance.now() - auditStarted) / 1000;
    const auditOut = readFileSync(join(tmp, 'audit.log'), 'utf8').trim();
    // The orders placed in the run were appended too: count them in.
    const eventsNow = Number(/ok, (\d+) events/.exec(auditOut)?.[1] ?? meta.events);
    const raw = rawSha256(eventsNow, Math.round((meta.hashedBytes / meta.events) * eventsNow));
    const auditRate = Math.round(eventsNow / auditS);
    section.audit = {
      exitCode: auditCode,
      output: `${auditOut}\n${audit.err()}`.trim().split('\n').slice(0, 4).join(' / '),
      events: eventsNow,
      seconds: round(auditS, 1),
      eventsPerS: auditRate,
      peakRssMB: round(auditPeakKB / 1024),
      cpuSeconds: round(auditCpuS, 1),
      // Per core: events per CPU second of all its threads, against the one-thread raw rate.
      eventsPerCpuS: Math.round(eventsNow / Math.max(auditCpuS, 0.01)),
      rawSha256: raw,
      ratio: round(auditRate / raw.eventsPerS, 3),
      ratioPerCore: round(eventsNow / Math.max(auditCpuS, 0.01) / raw.eventsPerS, 3),
      target: 'audit events/s >= 0.5 of raw SHA-256 events/s, constant memory',
    };
    console.log(
      `  ${auditCode === 0 ? 'ok' : `FAILED (${auditCode})`}: ${auditRate} events/s in ${round(auditS, 1)} s (${round(auditCpuS, 1)} s of CPU), peak RSS ${round(auditPeakKB / 1024)} MB; raw SHA-256 ${raw.eventsPerS} events/s (${raw.MBps} MB/s): ratio ${round(auditRate / raw.eventsPerS, 3)}, per core ${round(eventsNow / Math.max(auditCpuS, 0.01) / raw.eventsPerS, 3)}`,
    );

    const checks: Array<[string, boolean, string]> = [];
    for (const [key, r] of Object.entries(results)) if (r.target) checks.push([`${key}: ${r.target}`, r.pass === true, `${r.p99} ms`]);
    checks.push(['shop peak RSS < 150 MB', shopHwmMB < 150, `${shopHwmMB} MB`]);
    checks.push(['audit:verify passes', auditCode === 0, String(auditCode)]);
    checks.push(['audit events/s >= 0.5 x raw SHA-256', auditRate / raw.eventsPerS >= 0.5, String(round(auditRate / raw.eventsPerS, 3))]);
    section.targets = Object.fromEntries(checks.map(([name, ok, value]) => [name, { pass: ok, value }]));
    console.log('');
    for (const [name, ok, value] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value}`);

    // Only the `large` section of bench/last-run.json is written (read again just before).
    const reportFile = join(root, 'bench', 'last-run.json');
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Record<string, unknown>;
    report.large = { ...((report.large as Record<string, unknown> | undefined) ?? {}), ...section };
    writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
    console.log('\nwritten to bench/last-run.json (large)');
  } finally {
    killChildren();
    if (opts.keep || opts['data-dir']) console.log(`kept: ${tmp}${opts['data-dir'] ? ` and ${dataDir}` : ''}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
