// `npm run bench:web` (issues 7 and 20, web budgets): Lighthouse with its default mobile emulation and
// simulated throttling on /, a product page, /allproductandcategories, the search page and / in Bengali
// (?lang=bn) of the production build, served by the shop's own server on loopback with the demo
// catalogue on a fresh data folder. Prints performance, accessibility, best-practices and CLS per page,
// writes bench/web-last-run.json, and exits 1 when a target is missed (each score at least 95, CLS at
// most 0.02).
//
// Settings: WEB_BENCH_PORT (4300), WEB_BENCH_RUNS (3 Lighthouse runs per page, the median one is kept:
// scores move with the machine's load), CHROMIUM_PATH (/usr/bin/chromium), WEB_BENCH_LHR_DIR (a folder
// for every run's whole Lighthouse report), WEB_BENCH_PAGES (a comma-separated list of page names, e.g.
// `all products,search`: only those, written to bench/web-last-run-only.json so the recorded run stays).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { at, buildServerIfNeeded, buildWebIfNeeded, root } from '../scripts/build-if-needed.mjs';

const TARGETS = { performance: 95, accessibility: 95, bestPractices: 95, cls: 0.02 };
const port = Number(process.env.WEB_BENCH_PORT ?? 4300);
const runs = Math.max(1, Number(process.env.WEB_BENCH_RUNS ?? 3));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const origin = `http://127.0.0.1:${port}`;
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The machine is offline: any host but loopback fails at once instead of hanging the page load.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

buildServerIfNeeded();
buildWebIfNeeded();

const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-web-'));
const server = spawn(process.execPath, [at('dist', 'main.js')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  },
});
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

let chrome;
function cleanUp() {
  chrome?.kill();
  if (!serverExited) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

async function getJson(path) {
  const response = await fetch(origin + path);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.json();
}

/** Until `check` returns a value (not undefined), polling; the server may still be starting or seeding. */
async function waitFor(what, timeoutMs, check) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (serverExited) throw new Error(`the server exited while waiting for ${what}`);
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(250);
  }
}

/** The longest word of a title (letters and digits), for a search that finds its product. */
function searchWord(title) {
  const words = String(title).match(/[\p{L}\p{N}]+/gu) ?? ['a'];
  return words.reduce((longest, word) => (word.length > longest.length ? word : longest), '');
}

let lighthouseVersion = 'unknown';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run; a run that Lighthouse itself reports as broken (e.g. NO_NAVSTART) is tried again. */
async function audit(url, attempt = 1) {
  try {
    return await auditOnce(url);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.error(`${error instanceof Error ? error.message : error}; running it again`);
    return audit(url, attempt + 1);
  }
}

async function auditOnce(url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  const { categories, audits, runtimeError } = result.lhr;
  lighthouseVersion = result.lhr.lighthouseVersion;
  // WEB_BENCH_LHR_DIR: every run's whole report, for a look at what a score is made of.
  if (process.env.WEB_BENCH_LHR_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}${new URL(url).search.replace(/\W+/g, '_')}-${Date.now()}.json`;
    writeFileSync(join(process.env.WEB_BENCH_LHR_DIR, name), JSON.stringify(result.lhr));
  }
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id) => Math.round((categories[id].score ?? 0) * 100);
  // What costs points, for the reader of a failed run.
  const missed = Object.values(categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 0.9)
      .map((ref) => `${category.id}: ${ref.id} (${audits[ref.id].displayValue ?? audits[ref.id].score})`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(4)),
    fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    missed,
  };
}

let exitCode = 1;
try {
  await waitFor('/api/health', 30_000, async () => ((await fetch(`${origin}/api/health`)).ok ? true : undefined));
  // The demo catalogue is drawn after the server listens: wait for products and banners.
  const [product] = await waitFor('the demo catalogue', 120_000, async () => {
    const [products, sliders] = await Promise.all([getJson('/api/products?limit=1'), getJson('/api/sliders')]);
    return products.length > 0 && sliders.length > 0 ? products : undefined;
  });
  const allPages = [
    { name: 'home', path: '/' },
    { name: 'product', path: `/product/${encodeURIComponent(product._id)}` },
    { name: 'all products', path: '/allproductandcategories' },
    // Issue 20: the search page (a word of the product's title, so that it finds it) and a Bengali page.
    { name: 'search', path: `/search?q=${encodeURIComponent(searchWord(product.title))}` },
    { name: 'home (bn)', path: '/?lang=bn' },
  ];
  const only = process.env.WEB_BENCH_PAGES?.split(',').map((name) => name.trim());
  const pages = only ? allPages.filter((page) => only.includes(page.name)) : allPages;
  if (pages.length === 0) throw new Error(`WEB_BENCH_PAGES names no page of: ${allPages.map((p) => p.name).join(', ')}`);

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'error' });
  const browserVersion = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()).Browser;
  // A first, uncounted load of each page: the server's own first-request work is not what is measured.
  for (const page of pages) await fetch(origin + page.path);

  const results = [];
  for (const page of pages) {
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await audit(origin + page.path));
    const kept = all.find((r) => r.performance === median(all.map((x) => x.performance)));
    results.push({ ...page, ...kept, runs: all.map(({ missed: _missed, ...r }) => r) });
  }

  const misses = results.flatMap((r) => [
    ...(r.performance < TARGETS.performance ? [`${r.name}: performance ${r.performance} < ${TARGETS.performance}`] : []),
    ...(r.accessibility < TARGETS.accessibility ? [`${r.name}: accessibility ${r.accessibility} < ${TARGETS.accessibility}`] : []),
    ...(r.bestPractices < TARGETS.bestPractices ? [`${r.name}: best practices ${r.bestPractices} < ${TARGETS.bestPractices}`] : []),
    ...(r.cls > TARGETS.cls ? [`${r.name}: CLS ${r.cls} > ${TARGETS.cls}`] : []),
  ]);

  const cell = (value, width) => String(value).padStart(width);
  console.log(`\nLighthouse ${lighthouseVersion} (mobile, simulated throttling), ${browserVersion}, median of ${runs} run(s) per page`);
  console.log(`${'page'.padEnd(14)}${cell('perf', 6)}${cell('a11y', 6)}${cell('bp', 6)}${cell('CLS', 8)}${cell('FCP ms', 8)}${cell('LCP ms', 8)}${cell('TBT ms', 8)}  path`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(14)}${cell(r.performance, 6)}${cell(r.accessibility, 6)}${cell(r.bestPractices, 6)}${cell(r.cls, 8)}` +
        `${cell(r.fcpMs, 8)}${cell(r.lcpMs, 8)}${cell(r.tbtMs, 8)}  ${r.path}`,
    );
  }
  for (const r of results) for (const line of r.missed) console.log(`  ${r.name}: ${line}`);
  console.log(`targets: performance, accessibility, best practices >= 95, CLS <= ${TARGETS.cls}`);
  console.log(misses.length ? `MISSED:\n  ${misses.join('\n  ')}` : 'all targets met');

  writeFileSync(
    at('bench', only ? 'web-last-run-only.json' : 'web-last-run.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        browser: browserVersion,
        lighthouse: lighthouseVersion,
        settings: { formFactor: 'mobile', throttling: 'simulated', runsPerPage: runs },
        targets: TARGETS,
        pass: misses.length === 0,
        misses,
        pages: results.map(({ missed: _missed, ...r }) => r),
      },
      null,
      2,
    )}\n`,
  );
  exitCode = misses.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`bench:web failed: ${error instanceof Error ? error.message : error}`);
} finally {
  cleanUp();
}
process.exit(exitCode);
