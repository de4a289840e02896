/**
 * `npm run bench -- --scale large --engine postgres` (issue 20): bench/large.ts's shop (100,000
 * products, 50,000 customers, ~1,000,000 order events) on PostgreSQL, measured with one and with
 * three shop processes on one database, next to the bare node:http baseline and PostgreSQL's own
 * raw one-row commit rate in the same run.
 *
 * 1. The cluster: initdb into --pg-data-dir (kept: a later run with the same folder starts it again
 *    and reuses the filled database; filling takes minutes) or a temporary folder; loopback only,
 *    fsync on, as the postgres OS user when run as root (as tests/support/postgres.ts does).
 * 2. The fill: the SQLite shop of bench/large.ts (--data-dir, built there first when it has none)
 *    moved by the shop's own `move-to-postgres` (dist/cli/move-to-postgres.js): it audits the SQLite
 *    log, migrates PostgreSQL, copies every table in one transaction (order_events verbatim, so the
 *    hash chain verifies), counts both sides and audits PostgreSQL's log. Timed. Then VACUUM ANALYZE
 *    (a bulk load leaves no planner statistics and no visibility map until autovacuum comes round).
 *    The SQLite file given is migrated by move-to-postgres: pass a copy, not a shared one.
 * 3. Three `node dist/main.js` processes on the database (NODE_ENV=production, `npm start`'s V8
 *    flags, their own DATA_DIR, one SESSION_SECRET, the order limits raised as bench/large.ts does).
 *    Each of bench/large.ts's rows is measured with all connections on the first process (p1),
 *    then split over the three (p3, one autocannon per process port, as bench/postgres.ts does),
 *    then at one connection on the first; placing orders alternates 1 process, raw commits (pg),
 *    3 processes, raw commits, in rounds. Peak RSS per process, CPU of the shops and of PostgreSQL.
 * 4. `audit:verify` (dist/cli/audit-verify.js) on PostgreSQL over the whole log: events/s, peak RSS,
 *    next to the raw SHA-256 rate over as many events and bytes.
 *
 * Flags: --duration <s> (6), --warmup <s> (2), --connections <n> (10), --data-dir <SQLite shop
 * folder>, --pg-data-dir <cluster folder, kept>, --shared-buffers (256MB), --only <row keys>,
 * --no-audit, --build-only (fill the cluster and stop), --no-record (leave bench/last-run.json alone),
 * --pg-options '<postgres -c flags>' (e.g. auto_explain for a diagnostic pass).
 * Results: the console and `large.postgres` in bench/last-run.json (read-modify-write of that key alone).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { postgresBinDir } from '../tests/support/postgres.js';
import { largeRows, probeOrder, sessionSecret, signIn, type CannonRequest } from './lib/large-rows.js';
import { commitRound, type CommitRound } from './lib/pg-commits.js';
import { atExit, cpuSeconds, freePort, median, memKB, postgresCpuSeconds, request, root, round, sleep, startChild, startFlags, stop, type Child } from './lib/proc.js';

const { values: opts } = parseArgs({
  options: {
    scale: { type: 'string', default: 'large' },
    engine: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    'pg-data-dir': { type: 'string' },
    'shared-buffers': { type: 'string', default: '256MB' },
    only: { type: 'string' },
    'no-audit': { type: 'boolean', default: false },
    'build-only': { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
    'pg-options': { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
  strict: false,
});
const durationS = Number(opts.quick ? 3 : opts.duration);
const warmupS = Number(opts.quick ? 1 : opts.warmup);
const connections = Number(opts.connections);
const processCount = 3;

const loadavg = () => os.loadavg().map((n) => round(n, 2));

// ---------------------------------------------------------------------------------------------
// The cluster: kept in --pg-data-dir between runs

const asRoot = process.getuid?.() === 0;
const asServer = (program: string, args: string[]) => (asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', program, ...args], { encoding: 'utf8' }) : execFileSync(program, args, { encoding: 'utf8' }));

type Cluster = { url: string; port: number; dir: string; postmaster: number | undefined; stop: () => void };

function startCluster(dir: string): { cluster: Cluster; fresh: boolean } {
  const bin = postgresBinDir();
  const dataDir = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (fresh) {
    asServer(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync']);
    writeFileSync(
      join(dataDir, 'postgresql.auto.conf'),
      [
        '# bench/large-postgres.ts',
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        // Three pools of DATABASE_POOL_SIZE (10), the bench's own connections and the audit's.
        'max_connections = 60',
        `shared_buffers = '${String(opts['shared-buffers'])}'`,
        'fsync = on',
        "max_wal_size = '2GB'",
        '',
      ].join('\n'),
    );
  }
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const port = Number(execFileSync(process.execPath, ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"], { encoding: 'utf8' }).trim());
  asServer(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-t', '120', '-o', `-p ${port}${typeof opts['pg-options'] === 'string' ? ` ${opts['pg-options']}` : ''}`, 'start']);
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  let stopped = false;
  const stopCluster = () => {
    if (stopped) return;
    stopped = true;
    try {
      asServer(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '120', 'stop']);
    } catch {
      if (postmaster) process.kill(postmaster, 'SIGQUIT');
    }
  };
  atExit.push(stopCluster);
  return { cluster: { url: `postgres://postgres@127.0.0.1:${port}/shop`, port, dir, postmaster, stop: stopCluster }, fresh };
}

async function admin(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

type CannonResult = { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number; '2xx': number };
type Autocannon = (
  options: { url: string; connections: number; timeout: number; duration: number; requests?: CannonRequest[] },
  done: (error: Error | null, result: CannonResult) => void,
) => { on(event: 'error', listener: (e: Error) => void): void };

type Target = { port: number; pid: number | undefined };
type Run = { rps: number; p50: number; p99: number; requests: number; ok: number; failed: number; shopCpuUsPerReq: number | null; shopCores: number; pgCpuUsPerReq: number | null; pgCores: number; peakRssMB: number[] };

const share = (total: number, n: number, i: number) => Math.max(1, Math.floor(total / n) + (i < total % n ? 1 : 0));

/** One autocannon per target at once, the connections split between them; RSS sampled per process. */
async function measure(autocannon: Autocannon, targets: Target[], requests: CannonRequest[], seconds: number, conns: number, postmaster: number | undefined): Promise<Run> {
  const peaks = targets.map((t) => memKB(t.pid, 'VmRSS'));
  const sampler = setInterval(() => targets.forEach((t, i) => (peaks[i] = Math.max(peaks[i]!, memKB(t.pid, 'VmRSS')))), 100);
  const shopCpu = () => targets.reduce((n, t) => n + cpuSeconds(t.pid), 0);
  const shopBefore = shopCpu();
  const pgBefore = postgresCpuSeconds(postmaster);
  const started = performance.now();
  try {
    const results = await Promise.all(
      targets.map(
        (t, i) =>
          new Promise<CannonResult>((resolve, reject) => {
            const instance = autocannon({ url: `http://127.0.0.1:${t.port}`, connections: share(conns, targets.length, i), timeout: 10, duration: seconds, requests }, (e, res) => (e ? reject(e) : resolve(res)));
            instance.on('error', reject);
          }),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    const total = results.reduce((n, r) => n + r.requests.total, 0);
    const shop = shopCpu() - shopBefore;
    const pgCpu = postgresCpuSeconds(postmaster) - pgBefore;
    return {
      rps: round(total / elapsed),
      // Each instance has its own histogram: the median process's p50, the worst process's p99.
      p50: median(results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      requests: total,
      ok: results.reduce((n, r) => n + r['2xx'], 0),
      failed: results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
      shopCpuUsPerReq: total ? Math.round((shop * 1e6) / total) : null,
      shopCores: round(shop / elapsed, 2),
      pgCpuUsPerReq: total ? Math.round((pgCpu * 1e6) / total) : null,
      pgCores: round(pgCpu / elapsed, 2),
      peakRssMB: targets.map((t, i) => round(Math.max(peaks[i]!, memKB(t.pid, 'VmRSS')) / 1024)),
    };
  } finally {
    clearInterval(sampler);
  }
}


function rawSha256(events: number, bytes: number) {
  const size = Math.max(1, Math.round(bytes / events));
  const message = Buffer.from('x'.repeat(size));
  const started = performance.now();
  for (let i = 0; i < events; i++) createHash('sha256').update(message).digest('hex');
  const seconds = (performance.now() - started) / 1000;
  return { events, bytesPerEvent: size, seconds: round(seconds, 2), eventsPerS: Math.round(events / seconds), MBps: round(bytes / 1e6 / seconds) };
}

type Meta = { events: number; hashedBytes: number; orders: number; lastDay: string; built: Record<string, number> };

async function main() {
  const { default: autocannon } = (await import('autocannon' as string)) as { default: Autocannon };
  const startedAt = new Date();
  if (opts.scale !== 'large' || opts.engine !== 'postgres') throw new Error('bench/large-postgres.ts: --scale large --engine postgres');
  for (const f of ['main.js', 'cli/move-to-postgres.js', 'cli/audit-verify.js']) if (!existsSync(join(root, 'dist', f))) throw new Error(`dist/${f} is missing: npm run build:server first`);
  const tmp = mkdtempSync(join(os.tmpdir(), 'shop-large-pg-'));
  if (asRoot) execFileSync('chmod', ['755', tmp]);
  const dataDir = resolve(typeof opts['data-dir'] === 'string' ? opts['data-dir'] : join(tmp, 'sqlite'));
  const pgDir = resolve(typeof opts['pg-data-dir'] === 'string' ? opts['pg-data-dir'] : join(tmp, 'pg'));
  const section: Record<string, unknown> = {
    date: startedAt.toISOString(),
    machine: { nproc: os.availableParallelism(), memoryMB: Math.round(os.totalmem() / 2 ** 20), node: process.version, loadAverageAtStart: loadavg() },
    settings: { durationS, warmupS, connections, processes: processCount, sharedBuffers: opts['shared-buffers'] },
  };
  let cluster: Cluster | undefined;
  const shops: Array<Child & { port: number }> = [];
  try {
    const { cluster: c, fresh } = startCluster(pgDir);
    cluster = c;
    const filledFile = join(pgDir, 'filled.json');
    let fill: Record<string, unknown>;
    if (!fresh && existsSync(filledFile)) {
      fill = JSON.parse(readFileSync(filledFile, 'utf8')) as Record<string, unknown>;
      console.log(`reusing the cluster filled in ${pgDir} (move-to-postgres took ${String(fill.moveS)} s)`);
    } else {
      if (!fresh) throw new Error(`${pgDir} holds a cluster that was never filled completely: delete it or pick another --pg-data-dir`);
      if (!existsSync(join(dataDir, 'shop.db')) || !existsSync(join(dataDir, 'large-meta.json'))) {
        console.log(`no SQLite shop in ${dataDir}: building it (bench/large.ts --build-only)`);
        const built = spawnSync(process.execPath, ['--import', 'tsx', 'bench/large.ts', '--scale', 'large', '--data-dir', dataDir, '--build-only'], { cwd: root, stdio: 'inherit' });
        if (built.status !== 0) throw new Error('building the SQLite shop failed');
      }
      await admin(c.url.replace(/\/shop$/, '/postgres'), 'create database shop');
      console.log(`move-to-postgres ${join(dataDir, 'shop.db')} -> ${c.url} ...`);
      const moveStarted = performance.now();
      const moved = spawnSync(process.execPath, [join(root, 'dist', 'cli', 'move-to-postgres.js'), join(dataDir, 'shop.db')], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: c.url, SESSION_SECRET: sessionSecret, DATA_DIR: dataDir },
        encoding: 'utf8',
        maxBuffer: 16 * 2 ** 20,
      });
      const moveS = round((performance.now() - moveStarted) / 1000);
      console.log(`${moved.stdout}${moved.stderr}`.trim());
      if (moved.status !== 0) throw new Error(`move-to-postgres failed (${moved.status})`);
      console.log(`  move-to-postgres: ${moveS} s`);
      const vacuumStarted = performance.now();
      await admin(c.url, 'vacuum (analyze)');
      const vacuumS = round((performance.now() - vacuumStarted) / 1000);
      console.log(`  vacuum (analyze): ${vacuumS} s`);
      const size = await admin(c.url, "select pg_database_size('shop') as bytes");
      fill = {
        moveS,
        vacuumAnalyzeS: vacuumS,
        databaseMB: round(Number((size.rows[0] as { bytes: string }).bytes) / 1e6),
        output: moved.stdout.trim().split('\n'),
        meta: JSON.parse(readFileSync(join(dataDir, 'large-meta.json'), 'utf8')) as Meta,
        date: new Date().toISOString(),
      };
      writeFileSync(filledFile, JSON.stringify(fill, null, 2));
    }
    section.fill = { moveS: fill.moveS, vacuumAnalyzeS: fill.vacuumAnalyzeS, databaseMB: fill.databaseMB, output: fill.output, date: fill.date };
    const meta = fill.meta as Meta;
    const settings = await admin(c.url, "select name, setting, unit from pg_settings where name in ('server_version', 'shared_buffers', 'fsync', 'synchronous_commit', 'wal_sync_method', 'max_connections', 'effective_cache_size', 'work_mem')");
    section.postgres = Object.fromEntries((settings.rows as Array<{ name: string; setting: string; unit: string | null }>).map((r) => [r.name, `${r.setting}${r.unit ? ` ${r.unit}` : ''}`]));
    console.log(`postgres: ${JSON.stringify(section.postgres)}`);
    if (opts['build-only']) return;

    // The raw commit rate's own database on the same cluster (one WAL, one disk).
    await admin(c.url.replace(/\/shop$/, '/postgres'), 'drop database if exists commit_rate');
    await admin(c.url.replace(/\/shop$/, '/postgres'), 'create database commit_rate');
    const commitClient = new pg.Client({ connectionString: c.url.replace(/\/shop$/, '/commit_rate') });
    commitClient.on('error', () => {});
    await commitClient.connect();
    await commitClient.query('create table commits (id bigint generated always as identity primary key, at bigint not null, note text not null)');

    // Three shop processes, started at once (the first run migrates; the others wait for it).
    const healthMs: number[] = [];
    const starts = Array.from({ length: processCount }, async (_, i) => {
      const port = await freePort();
      const shopDir = join(tmp, `shop-${i + 1}`);
      mkdirSync(shopDir, { recursive: true });
      const child = startChild([...startFlags, 'dist/main.js'], {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DATABASE_URL: c.url,
        SESSION_SECRET: sessionSecret,
        DATA_DIR: shopDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'info',
        DEMO_DATA: 'false',
        MAX_PENDING_ORDERS: '1000000',
        ORDERS_PER_HOUR: '1000000',
        MAX_PENDING_PER_PHONE: '1000000',
      }, `${shopDir}-server.log`);
      const started = performance.now();
      while (performance.now() - started < 300_000 && child.child.exitCode === null) {
        try {
          if ((await request(port, 'GET', '/api/health', { timeoutMs: 1000 })).status === 200) {
            healthMs[i] = round(performance.now() - started);
            return { ...child, port };
          }
        } catch {
          // not yet
        }
        await sleep(20);
      }
      throw new Error(`shop process ${i + 1} did not start: ${child.err()} ${existsSync(`${shopDir}-server.log`) ? readFileSync(`${shopDir}-server.log`, 'utf8').slice(-2000) : ''}`);
    });
    shops.push(...(await Promise.all(starts)));
    section.healthMs = healthMs;
    console.log(`${processCount} shop processes up (first /api/health 200 after ${healthMs.join(', ')} ms)`);
    const pids = shops.map((s) => s.child.pid);
    const one: Target[] = [{ port: shops[0]!.port, pid: pids[0] }];
    const three: Target[] = shops.map((s, i) => ({ port: s.port, pid: pids[i] }));

    const baseline = startChild(['bench/server.mjs', '--role', 'baseline'], { PATH: process.env.PATH ?? '' }, join(tmp, 'baseline.log'));
    let baselinePort = 0;
    for (let i = 0; i < 200 && !baselinePort; i++) {
      await sleep(25);
      const m = /"port":(\d+)/.exec(existsSync(join(tmp, 'baseline.log')) ? readFileSync(join(tmp, 'baseline.log'), 'utf8') : '');
      if (m) baselinePort = Number(m[1]);
    }
    if (!baselinePort) throw new Error('the bare baseline server did not start');

    const port = shops[0]!.port;
    const { adminToken, customerTokens } = await signIn(port);
    // bench/large.ts's rows, the same paths and the same pseudo-random choices.
    const { reads: rows, place: placeRequests } = largeRows({ adminToken, customerTokens, lastDay: meta.lastDay });
    // One order through each process first: the token from the first is good on all.
    for (const shop of shops) await probeOrder(shop.port, customerTokens[0]!);

    // Before each measurement the shops and PostgreSQL go idle again (a slow row leaves work queued).
    const waitIdle = async () => {
      for (let i = 0; i < 120; i++) {
        const before = pids.reduce<number>((n, pid) => n + cpuSeconds(pid), 0) + postgresCpuSeconds(c.postmaster);
        await sleep(500);
        if (pids.reduce<number>((n, pid) => n + cpuSeconds(pid), 0) + postgresCpuSeconds(c.postmaster) - before < 0.05) break;
      }
    };
    const only = typeof opts.only === 'string' ? new Set(opts.only.split(',')) : null;
    const results: Record<string, unknown> = {};
    const show = (r: Run) => `${Math.round(r.rps)}/s p50 ${r.p50} p99 ${r.p99} ms, shop ${r.shopCpuUsPerReq} µs/req (${r.shopCores} cores), pg ${r.pgCpuUsPerReq} µs/req (${r.pgCores} cores)${r.failed ? `, ${r.failed} failed` : ''}`;

    if (!only || only.has('a')) {
      await waitIdle();
      const base: Target[] = [{ port: baselinePort, pid: baseline.child.pid }];
      const req = [{ method: 'GET', path: '/' }];
      if (warmupS > 0) await measure(autocannon, base, req, warmupS, connections, undefined);
      const r = await measure(autocannon, base, req, durationS, connections, undefined);
      const r1 = await measure(autocannon, base, req, Math.max(1, durationS / 2), 1, undefined);
      results.a = { name: 'bare node:http, small JSON', target: null, loadAverage: loadavg(), p1: r, at1: { p50: r1.p50, p99: r1.p99 } };
      console.log(`(a) bare node:http: ${show(r)}`);
    }
    for (const [key, name, target, limit, requests] of rows) {
      if (only && !only.has(key)) continue;
      // The row must measure real answers: one request first, a 200 with a non-empty page (a
      // category or search the data does not hold would time an empty answer).
      const sample = requests[0]!.setupRequest!({});
      const answer = await request(port, 'GET', sample.path!, { headers: sample.headers ?? {}, timeoutMs: 30_000 });
      const total = Number(answer.headers['x-total-count'] ?? NaN);
      if (answer.status !== 200 || total === 0) {
        const hint = key.startsWith('category') ? " (a shop built before 5ec34dc keeps categories' name_key without spaces: `update categories set name_key = lower(trim(name))` on the SQLite copy before filling, or on the cluster)" : '';
        throw new Error(`(${key}) GET ${sample.path}: ${answer.status}, X-Total-Count ${String(answer.headers['x-total-count'])}: not a page of rows${hint}`);
      }
      await waitIdle();
      const load = loadavg();
      if (warmupS > 0) await measure(autocannon, three, requests, warmupS, connections, c.postmaster);
      await waitIdle();
      const r1 = await measure(autocannon, one, requests, durationS, connections, c.postmaster);
      await waitIdle();
      const r3 = await measure(autocannon, three, requests, durationS, connections, c.postmaster);
      await waitIdle();
      const at1 = await measure(autocannon, one, requests, Math.max(1, durationS / 2), 1, c.postmaster);
      const pass = (r: Run) => (limit ? r.requests > 0 && r.p99 < limit && r.failed === 0 : null);
      results[key] = { name, target: target && limit ? `p99 < ${limit} ms (${target})` : null, loadAverage: load, p1: r1, p3: r3, at1: { p50: at1.p50, p99: at1.p99, shopCpuUsPerReq: at1.shopCpuUsPerReq, pgCpuUsPerReq: at1.pgCpuUsPerReq }, pass1: pass(r1), pass3: pass(r3) };
      console.log(`(${key}) ${name}\n    1 process:   ${show(r1)}\n    3 processes: ${show(r3)}\n    1 connection: p50 ${at1.p50} p99 ${at1.p99} ms  [load ${load.join(' ')}]`);
    }

    // Placing orders: o1, pg, o3, pg in rounds (the same phases of the shared machine for each).
    if (!only || only.has('place')) {
      await waitIdle();
      const load = loadavg();
      if (warmupS > 0) {
        await measure(autocannon, one, placeRequests, warmupS, connections, c.postmaster);
        await measure(autocannon, three, placeRequests, warmupS, connections, c.postmaster);
      }
      const rounds = 3;
      const o1: Run[] = [];
      const o3: Run[] = [];
      const commits: CommitRound[] = [];
      for (let n = 0; n < rounds; n++) {
        o1.push(await measure(autocannon, one, placeRequests, durationS / rounds, connections, c.postmaster));
        commits.push(await commitRound(commitClient, durationS / rounds, n === 0 ? Math.min(warmupS, 2) : 0.5));
        o3.push(await measure(autocannon, three, placeRequests, durationS / rounds, connections, c.postmaster));
        commits.push(await commitRound(commitClient, durationS / rounds, 0.5));
        console.log(`  round ${n + 1}: o1 ${o1.at(-1)!.rps}/s, pg ${round(commits.at(-2)!.commits / commits.at(-2)!.seconds)}/s, o3 ${o3.at(-1)!.rps}/s, pg ${round(commits.at(-1)!.commits / commits.at(-1)!.seconds)}/s`);
      }
      const sum = (runs: Run[], f: (r: Run) => number) => runs.reduce((n, r) => n + f(r), 0);
      const summary = (runs: Run[]) => ({
        rps: round(sum(runs, (r) => r.rps) / runs.length),
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        requests: sum(runs, (r) => r.requests),
        ok: sum(runs, (r) => r.ok),
        failed: sum(runs, (r) => r.failed),
        shopCpuUsPerReq: Math.round(median(runs.map((r) => r.shopCpuUsPerReq ?? 0))),
        shopCores: median(runs.map((r) => r.shopCores)),
        pgCpuUsPerReq: Math.round(median(runs.map((r) => r.pgCpuUsPerReq ?? 0))),
        pgCores: median(runs.map((r) => r.pgCores)),
        peakRssMB: runs[0]!.peakRssMB.map((_, i) => Math.max(...runs.map((r) => r.peakRssMB[i]!))),
      });
      const pgRate = round(commits.reduce((n, r) => n + r.commits, 0) / commits.reduce((n, r) => n + r.seconds, 0));
      const ratios1 = o1.map((r, i) => round(r.rps / (commits[2 * i]!.commits / commits[2 * i]!.seconds), 3));
      const ratios3 = o3.map((r, i) => round(r.rps / (commits[2 * i + 1]!.commits / commits[2 * i + 1]!.seconds), 3));
      results.place = { name: 'POST /api/orders (Order Now)', target: 'vs (pg)', loadAverage: load, p1: summary(o1), p3: summary(o3), rounds };
      section.pg = { name: 'PostgreSQL one-row commits (BEGIN, INSERT, COMMIT on one connection, same cluster)', rps: pgRate, p50: round(median(commits.map((r) => r.p50)), 2), p99: round(median(commits.map((r) => r.p99)), 2), rounds: commits.length };
      section['place1/pg'] = median(ratios1);
      section['place3/pg'] = median(ratios3);
      section.placeRatioRounds = { 'place1/pg': ratios1, 'place3/pg': ratios3 };
      console.log(`(place) 1 process ${show(o1[0]!)} ...\n  raw commits ${pgRate}/s; place1/pg ${median(ratios1)} (${ratios1.join(', ')}), place3/pg ${median(ratios3)} (${ratios3.join(', ')})`);
    }
    section.results = results;
    section.shopPeakRssMB = pids.map((pid) => round(memKB(pid, 'VmHWM') / 1024));
    console.log(`shop peak RSS (VmHWM) per process: ${(section.shopPeakRssMB as number[]).join(', ')} MB`);
    await commitClient.end().catch(() => {});
    section.exitCodes = await Promise.all(shops.map(stop));
    await stop(baseline);

    if (!opts['no-audit'] && !only) {
      const count = await admin(c.url, 'select count(*)::int as n from order_events');
      const events = (count.rows[0] as { n: number }).n;
      console.log(`audit:verify on PostgreSQL over ${events.toLocaleString('en')} events ... [load ${loadavg().join(' ')}]`);
      const auditLoad = loadavg();
      const auditStarted = performance.now();
      const audit = startChild(['dist/cli/audit-verify.js'], { PATH: process.env.PATH ?? '', DATABASE_URL: c.url, DATA_DIR: join(tmp, 'shop-1'), SESSION_SECRET: sessionSecret }, join(tmp, 'audit.log'));
      let auditPeakKB = 0;
      const pgBefore = postgresCpuSeconds(c.postmaster);
      const sampler = setInterval(() => (auditPeakKB = Math.max(auditPeakKB, memKB(audit.child.pid, 'VmRSS'))), 50);
      const auditCode = await audit.exited;
      clearInterval(sampler);
      const auditS = (performance.now() - auditStarted) / 1000;
      const pgCpu = postgresCpuSeconds(c.postmaster) - pgBefore;
      const auditOut = readFileSync(join(tmp, 'audit.log'), 'utf8').trim();
      const raw = rawSha256(events, Math.round((meta.hashedBytes / meta.events) * events));
      const rate = Math.round(events / auditS);
      section.audit = {
        exitCode: auditCode,
        output: `${auditOut}\n${audit.err()}`.trim().split('\n').slice(0, 4).join(' / '),
        events,
        seconds: round(auditS, 1),
        eventsPerS: rate,
        peakRssMB: round(auditPeakKB / 1024),
        postgresCpuS: round(pgCpu),
        loadAverage: auditLoad,
        rawSha256: raw,
        ratio: round(rate / raw.eventsPerS, 3),
        target: 'audit events/s >= 0.5 of raw SHA-256 events/s, constant memory',
      };
      console.log(`  ${auditCode === 0 ? 'ok' : `FAILED (${auditCode})`}: ${rate} events/s in ${round(auditS, 1)} s, peak RSS ${round(auditPeakKB / 1024)} MB (PostgreSQL ${round(pgCpu)} s CPU); raw SHA-256 ${raw.eventsPerS} events/s: ratio ${round(rate / raw.eventsPerS, 3)}`);
    }

    const checks: Array<[string, boolean, string]> = [];
    for (const [key, r] of Object.entries(results) as Array<[string, { target: string | null; p1: Run; p3?: Run; pass1?: boolean | null; pass3?: boolean | null }]>) {
      if (!r.target || r.pass1 === undefined) continue;
      checks.push([`${key}, 1 process: ${r.target}`, r.pass1 === true, `${r.p1.p99} ms`]);
      checks.push([`${key}, 3 processes: ${r.target}`, r.pass3 === true, `${r.p3!.p99} ms`]);
    }
    const hwm = section.shopPeakRssMB as number[];
    if (!only) checks.push(['shop peak RSS < 150 MB (each process)', Math.max(...hwm) < 150, `${hwm.join(', ')} MB`]);
    const audit = section.audit as { exitCode: number; ratio: number } | undefined;
    if (audit) {
      checks.push(['audit:verify passes', audit.exitCode === 0, String(audit.exitCode)]);
      checks.push(['audit events/s >= 0.5 x raw SHA-256', audit.ratio >= 0.5, String(audit.ratio)]);
    }
    section.targets = Object.fromEntries(checks.map(([name, ok, value]) => [name, { pass: ok, value }]));
    console.log('');
    for (const [name, ok, value] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value}`);
    section.loadAverageAtEnd = loadavg();

    if (opts['no-record']) return;
    // Only large.postgres of bench/last-run.json is written (read again just before).
    const reportFile = join(root, 'bench', 'last-run.json');
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Record<string, unknown>;
    const large = (report.large as Record<string, unknown> | undefined) ?? {};
    if (only) {
      const prev = (large.postgres as Record<string, unknown> | undefined) ?? {};
      const prevResults = (prev.results as Record<string, unknown> | undefined) ?? {};
      // Placing again: the figures it replaces are kept beside it, with the commit rate of their run.
      const placeAgain = results.place ? { pg: section.pg, 'place1/pg': section['place1/pg'], 'place3/pg': section['place3/pg'], placeRatioRounds: section.placeRatioRounds, previousPlace: { place: prevResults.place, pg: prev.pg, 'place1/pg': prev['place1/pg'], 'place3/pg': prev['place3/pg'] } } : {};
      large.postgres = {
        ...prev,
        ...placeAgain,
        results: { ...prevResults, ...results },
        targets: { ...((prev.targets as Record<string, unknown> | undefined) ?? {}), ...(section.targets as Record<string, unknown>) },
        remeasured: [...((prev.remeasured as unknown[] | undefined) ?? []), { date: startedAt.toISOString(), keys: Object.keys(results), machine: section.machine, loadAverageAtEnd: section.loadAverageAtEnd }],
      };
    } else {
      large.postgres = section;
    }
    report.large = large;
    writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
    console.log('\nwritten to bench/last-run.json (large.postgres)');
  } finally {
    for (const s of shops) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    cluster?.stop();
    if (!opts['pg-data-dir'] || !opts['data-dir']) console.log(`cluster ${opts['pg-data-dir'] ? `kept in ${pgDir}` : 'removed'}`);
    rmSync(join(tmp, 'pg'), { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
