// The JavaScript that `/` loads before it is interactive, with React, react-dom and ky, stays within
// issue 20's budget of 120 kB gzipped (107.8 kB since the router's declarative mode, decision 044; the
// data router alone was 16 kB, so bringing it back fails this test). The admin pages, the Firebase SDK,
// sweetalert2 and the carousel (Swiper) are not part of it.
// Reads the build's manifest (`npm test` builds before it runs vitest): index.html's entry chunk and every
// chunk it imports statically (these are the <script> and <link rel="modulepreload"> of index.html);
// dynamic imports are loaded on demand and are not counted. Any other script index.html loads (a plain
// script from web/public) is counted too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** kB as Vite prints them (1 kB = 1000 bytes). */
const BUDGET_BYTES = 120_000;

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const manifestFile = join(dist, '.vite', 'manifest.json');

type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** Pages of the admin dashboard: each must be a chunk of its own, loaded on demand. */
const ADMIN_PAGES = [
  'src/features/catalogue/pages/add-category-page.tsx',
  'src/features/catalogue/pages/add-product-page.tsx',
  'src/features/catalogue/pages/manage-products-page.tsx',
  'src/features/catalogue/pages/update-product-page.tsx',
  'src/features/banners/pages/add-slider-page.tsx',
  'src/features/banners/pages/manage-sliders-page.tsx',
  'src/features/coupons/pages/add-coupon-page.tsx',
  'src/features/coupons/pages/manage-coupons-page.tsx',
  // The desk and the order page, each with the delivery feature's parts wired in by the app (issue 34).
  'src/app/order-desk-route.tsx',
  'src/app/order-route.tsx',
  // Issue 36: the packing page, with the delivery feature's booking wired in by the app.
  'src/app/packing-route.tsx',
  'src/features/delivery/admin/pages/courier-cash-page.tsx',
  'src/features/orders/pages/audit-page.tsx',
  'src/features/blocked-phones/pages/blocked-phones-page.tsx',
  'src/features/users/pages/users-page.tsx',
  'src/features/insights/pages/dashboard-home-page.tsx',
];

/** Code that must stay out of the first load, found by a string only that code contains. */
const ON_DEMAND_CODE = [
  { what: 'the Firebase SDK', chunk: 'src/lib/auth/firebase-auth-client.ts', marker: '@firebase/auth' },
  { what: 'sweetalert2', chunk: '../node_modules/sweetalert2/dist/sweetalert2.all.js', marker: 'swal2-container' },
  { what: 'Swiper (the banner carousel)', chunk: 'src/features/banners/components/banner-carousel.tsx', marker: 'swiper-wrapper' },
  // Issue 17: the dashboard's chart library, fetched by its chart only (decision 036).
  { what: 'uPlot (the sales chart)', chunk: '../node_modules/uplot/dist/uPlot.esm.js', marker: 'u-legend' },
];

function readManifest(): Manifest {
  if (!existsSync(manifestFile)) {
    throw new Error(
      `${manifestFile} is missing: build the web app first (\`npm run build:web\`; \`npm test\` builds before vitest runs). ` +
        'The web budget cannot be checked without it.',
    );
  }
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}

/** The manifest keys of the entry chunk and of every chunk reachable from it through static imports. */
function staticClosure(manifest: Manifest, entryKey: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names a chunk it does not describe: ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...seen];
}

describe('web budget: the JavaScript of the first load of /', () => {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  const keys = entryKey ? staticClosure(manifest, entryKey) : [];
  const files = keys.map((key) => {
    const file = manifest[key]!.file;
    const code = readFileSync(join(dist, file));
    return { key, file, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length, text: code.toString('utf8') };
  });
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scriptsOfHtml = [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]!);
  const plainScripts = scriptsOfHtml
    .filter((file) => !file.startsWith('assets/'))
    .map((file) => {
      const code = readFileSync(join(dist, file));
      return { key: file, file, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length, text: code.toString('utf8') };
    });
  const js = [...files.filter((f) => f.file.endsWith('.js')), ...plainScripts];
  const totalGzip = js.reduce((sum, f) => sum + f.gzip, 0);

  it('has index.html as its entry, and index.html loads exactly these files', () => {
    expect(entryKey, 'no index.html entry in the manifest').toBeDefined();
    const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]).sort();
    const fromManifest = files.filter((f) => f.file.endsWith('.js')).map((f) => f.file);
    expect(referenced).toEqual(fromManifest.sort());
  });

  it(`is at most ${BUDGET_BYTES / 1000} kB gzipped`, () => {
    const rows = js
      .sort((a, b) => b.gzip - a.gzip)
      .map((f) => `  ${f.file.padEnd(44)} ${(f.bytes / 1000).toFixed(1).padStart(7)} kB  gzip ${(f.gzip / 1000).toFixed(1).padStart(6)} kB`);
    console.log(
      `JS loaded by / before it is interactive: ${(totalGzip / 1000).toFixed(1)} kB gzipped ` +
        `(budget ${BUDGET_BYTES / 1000} kB), ${js.length} files:\n${rows.join('\n')}`,
    );
    expect(js.length).toBeGreaterThan(0);
    expect(totalGzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('leaves the admin pages out: each is a chunk of its own, loaded on demand', () => {
    for (const page of ADMIN_PAGES) {
      const chunk = manifest[page];
      expect(chunk?.isDynamicEntry, `${page} is not a lazily loaded chunk`).toBe(true);
      expect(keys, `${page} is loaded by /`).not.toContain(page);
    }
  });

  for (const { what, chunk, marker } of ON_DEMAND_CODE) {
    it(`leaves ${what} out`, () => {
      expect(manifest[chunk]?.isDynamicEntry, `${chunk} is not a lazily loaded chunk`).toBe(true);
      expect(keys).not.toContain(chunk);
      const carrying = js.filter((f) => f.text.includes(marker)).map((f) => f.file);
      expect(carrying, `${what} is in the JS that / loads first`).toEqual([]);
      // The marker is a real one: it is in the code that is loaded on demand.
      const lazyFile = manifest[chunk]?.file;
      const lazyClosure = staticClosure(manifest, chunk).map((key) => readFileSync(join(dist, manifest[key]!.file), 'utf8'));
      expect(lazyFile && lazyClosure.some((code) => code.includes(marker)), `marker ${marker} not found in ${what}`).toBe(true);
    });
  }
});
