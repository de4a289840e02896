import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// A built SPA in miniature: index.html, one hashed asset with a gzip sibling, a favicon.
const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
const indexHtml = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-3f2a.js"></script></body></html>';
const bundle = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'assets', 'app-3f2a.js'), bundle);
  writeFileSync(join(dist, 'assets', 'app-3f2a.js.gz'), gzipSync(bundle));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('serves index.html at / and on any client route, never cached', async () => {
    for (const path of ['/', '/index.html', '/product/abc', '/dashboard/cart', '/category/Trading%20Cards']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(await res.text(), path).toBe(indexHtml);
    }
  });

  it('serves hashed assets for a year, immutable, precompressed when accepted', async () => {
    const plain = await t.app.request('/assets/app-3f2a.js');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toMatch(/javascript/);
    expect(await plain.text()).toBe(bundle);

    const gz = await t.app.request('/assets/app-3f2a.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(gz.headers.get('content-length'))).toBeLessThan(bundle.length / 10);
  });

  it('answers a path that is no page of the app with the app and a 404 (issue 33): its router shows the not-found page', async () => {
    for (const path of ['/no-such-page', '/livez', '/dashboard/nope', '/product/abc/more', '/category/']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(await res.text(), path).toBe(indexHtml);
    }
    // Pages as the router matches them: letter case ignored, one trailing slash allowed.
    for (const path of ['/About', '/dashboard/', '/dashboard/allorders/abc', '/search?q=x']) expect((await t.app.request(path)).status, path).toBe(200);
  });

  it('answers 404, not index.html, for a missing asset or file', async () => {
    for (const path of ['/assets/gone-1234.js', '/missing.png', '/product/abc/photo.jpg']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('<div id="root">');
    }
  });

  it('serves other static files with a short cache, and keeps /api out of the fallback', async () => {
    const icon = await t.app.request('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    const api = await t.app.request('/api/unknown');
    expect(api.status).toBe(404);
    expect((await json(api)).error.code).toBe('http/not-found');
  });

  it('refuses path traversal out of the web folder', async () => {
    for (const path of ['/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json']) {
      const res = await t.app.request(path);
      expect(await res.text(), path).not.toMatch(/root:|"name"/);
    }
  });

  it('writes the SHOP_NAME it runs with where the build left %SHOP_NAME% (title, application-name, static header)', async () => {
    const built = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    writeFileSync(
      join(built, 'index.html'),
      '<!doctype html><html><head><meta name="application-name" content="%SHOP_NAME%" /><title>%SHOP_NAME% | Cards</title></head>' +
        '<body><div id="root"><span class="navbar__name">%SHOP_NAME%</span></div></body></html>',
    );
    const named = await createTestApp({ webDistDir: built, shopName: `Kotha & "Cards" <Dhaka>` });
    try {
      // A page without tags of its own (issue 21's pages write their own <title>: tests/api/link-previews.test.ts).
      const html = await (await named.app.request('/about')).text();
      expect(html).not.toContain('%SHOP_NAME%');
      expect(html).toContain('<meta name="application-name" content="Kotha &amp; &quot;Cards&quot; &lt;Dhaka&gt;" />');
      expect(html).toContain('<title>Kotha &amp; &quot;Cards&quot; &lt;Dhaka&gt; | Cards</title>');
      expect(html).toContain('<span class="navbar__name">Kotha &amp; &quot;Cards&quot; &lt;Dhaka&gt;</span>');
    } finally {
      await named.close();
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('answers 503 with a hint when the web app is not built', async () => {
    const bare = await createTestApp({ webDistDir: join(dist, 'does-not-exist') });
    try {
      const res = await bare.app.request('/about');
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/npm run build/);
    } finally {
      await bare.close();
    }
  });
});
