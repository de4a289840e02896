/**
 * The admins' stats over a big shop (issue 17, decision 033). Run: `npm run bench:stats`
 * (`-- --orders 100000 --runs 20` for a quicker look).
 *
 * Builds the real app as the tests do (createTestApp: a SQLite file in a fresh temp folder, the
 * test clock at 2026-01-01 06:00 in Dhaka), fills it with a million orders over three years
 * (bench/seed-orders.ts: rows straight into orders and the sales tables, in big transactions),
 * then times each stats request through app.request (warm-up, then `runs` times: median and p95
 * in ms), prints the figures they answer, checks with EXPLAIN QUERY PLAN that each stats query
 * reads only sales_days or product_sales_days, and writes bench/stats-last-run.json.
 * `--data-dir <folder>` keeps the shop there, and a later run with it reuses the orders.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { salesReads } from '../src/modules/sales/adapters/sqlite/sales-projection.js';
import { addDays } from '../src/shared/shop-time.js';
import { adminSession, call } from '../tests/support/http.js';
import { createTestApp } from '../tests/support/test-app.js';
import { seedOrders } from './seed-orders.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const orders = arg('orders', 1_000_000);
const runs = arg('runs', 50);
// --data-dir <folder>: keep the shop there and reuse it on the next run (seeding takes minutes).
const dataDirAt = process.argv.indexOf('--data-dir');
const dataDir = dataDirAt > 0 ? process.argv[dataDirAt + 1] : undefined;
if (dataDir) mkdirSync(dataDir, { recursive: true });

const t = await createTestApp(dataDir ? { env: { DATA_DIR: dataDir } } : {});
try {
  if (t.database.engine !== 'sqlite') throw new Error('bench:stats runs on SQLite');
  const sqlite = t.database.handle.sqlite;
  const admin = (await adminSession(t)).token;
  const lastDay = '2026-01-01'; // the test clock's Dhaka day
  const firstDay = addDays(lastDay, -1095);
  const held = (sqlite.prepare('select count(*) as n from orders').get() as { n: number }).n;
  let seeded = { firstDay, lastDay, ms: 0 };
  if (held >= orders) {
    console.log(`reusing the ${held.toLocaleString('en')} orders in ${dataDir}`);
  } else {
    console.log(`seeding ${orders.toLocaleString('en')} orders over 3 years...`);
    seeded = seedOrders(sqlite, {
      orders,
      lastDay,
      progress: (n) => {
        if (n % 200_000 === 0 || n === orders) console.log(`  ${n.toLocaleString('en')}`);
      },
    });
  }
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const rows = { orders: count('orders'), sales_days: count('sales_days'), product_sales_days: count('product_sales_days') };
  const fileMb = statSync(join(dataDir ?? t.dir, 'shop.db')).size / 1e6;
  console.log(`seeded in ${(seeded.ms / 1000).toFixed(1)} s: ${JSON.stringify(rows)}, ${fileMb.toFixed(0)} MB, days ${seeded.firstDay}..${seeded.lastDay}`);

  const yearAgo = '2025-01-02';
  const cases = [
    ['summary', '/api/stats/summary'],
    ['sales 30 days by day', '/api/stats/sales'],
    ['sales 1 year by week', `/api/stats/sales?from=${yearAgo}&to=${lastDay}&bucket=week`],
    ['sales 3 years by month', `/api/stats/sales?from=${seeded.firstDay}&to=${lastDay}&bucket=month`],
    ['top products 30 days', '/api/stats/top-products'],
    ['top products 1 year', `/api/stats/top-products?from=${yearAgo}&to=${lastDay}`],
  ] as const;
  const timings: Record<string, { medianMs: number; p95Ms: number; runs: number }> = {};
  const answers: Record<string, unknown> = {};
  for (const [name, path] of cases) {
    const get = async () => {
      const res = await call(t, 'GET', path, { token: admin });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    for (let i = 0; i < 3; i++) answers[name] = await get();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await get();
      ms.push(performance.now() - start);
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) => Number(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!.toFixed(2));
    timings[name] = { medianMs: at(0.5), p95Ms: at(0.95), runs };
    console.log(`${name.padEnd(24)} median ${String(timings[name].medianMs).padStart(7)} ms   p95 ${String(timings[name].p95Ms).padStart(7)} ms`);
  }

  // Which tables each stats query reads, as SQLite plans it.
  const reads = salesReads(t.database.reader);
  const values: Record<string, unknown> = { from: yearAgo, to: lastDay, limit: 10, offset: 0 };
  const plans: Record<string, string[]> = {};
  for (const [name, query] of Object.entries(reads)) {
    const { sql, params } = query.toSQL();
    const bound = params.map((p) => (typeof p === 'object' && p !== null && 'name' in p ? values[(p as { name: string }).name] : p));
    plans[name] = (sqlite.prepare(`explain query plan ${sql}`).all(...bound) as Array<{ detail: string }>).map((r) => r.detail);
    const outside = plans[name].filter((d) => /\b(SCAN|SEARCH)\b/.test(d) && !/\b(sales_days|product_sales_days|sold|subquery-\d+)\b/.test(d));
    console.log(`plan ${name}: ${plans[name].join(' | ')}`);
    if (outside.length) throw new Error(`${name} reads outside the projection: ${outside.join('; ')}`);
  }

  const summary = answers.summary as { periods: Record<string, unknown> };
  const threeYears = answers['sales 3 years by month'] as { buckets: unknown[]; totals: unknown };
  const topYear = answers['top products 1 year'] as unknown[];
  console.log('summary periods:', JSON.stringify(summary.periods, null, 1));
  console.log('3 years totals:', JSON.stringify(threeYears.totals), `(${threeYears.buckets.length} months)`);
  console.log('top products of the year:', JSON.stringify(topYear.slice(0, 3)));

  const result = {
    at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    orders,
    seededSeconds: Number((seeded.ms / 1000).toFixed(1)),
    rows,
    fileMb: Number(fileMb.toFixed(0)),
    timings,
    plans,
    figures: { summary: summary.periods, threeYearsTotals: threeYears.totals, threeYearsMonths: threeYears.buckets.length, topProductsOfTheYear: topYear.slice(0, 5) },
  };
  writeFileSync(join(import.meta.dirname, 'stats-last-run.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('written to bench/stats-last-run.json');
} finally {
  await t.close();
}
