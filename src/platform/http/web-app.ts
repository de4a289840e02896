import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../../shared/escape-html.js';

const immutable = 'public, max-age=31536000, immutable';

/** Sets Cache-Control on a successful answer that did not choose its own. */
const cacheControl =
  (value: string): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };

/**
 * Serves the built SPA: content-hashed files under /assets for a year (immutable), their
 * .br/.gz siblings when the browser accepts them, other files (favicon, robots) for an hour,
 * and index.html, never cached, for every client route so a reload on /product/abc works.
 * The build leaves `%SHOP_NAME%` in index.html (title, application-name, static header): the
 * name this shop runs with is written there once, at start, so one image serves any shop.
 */
export function webAppRoutes(distDir: string, options: { shopName: string }) {
  const app = new Hono();
  const indexFile = join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8').replaceAll('%SHOP_NAME%', () => escapeHtml(options.shopName)) : null;

  if (indexHtml === null) {
    app.get('*', (c) =>
      c.text('The web app is not built yet: run `npm run build` (or `npm start`, which builds it).', 503),
    );
    return app;
  }

  app.use('/assets/*', cacheControl(immutable), serveStatic({ root: distDir, precompressed: true }));
  // A missing hashed asset is a 404, never index.html (the browser would parse HTML as JS).
  app.all('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    cacheControl('public, max-age=3600'),
    serveStatic({
      root: distDir,
      precompressed: true,
      // index.html is answered below, uncached, like every client route.
      rewriteRequestPath: (p) => (p === '/' || p === '/index.html' ? '/.index-is-served-below' : p),
    }),
  );
  app.get('*', (c) => {
    // A missing file (a name ending in an extension) is a 404; a client route whose last part
    // merely holds a dot, such as /category/Vol. 2, gets the app.
    const lastSegment = c.req.path.split('/').pop() ?? '';
    if (/\.[A-Za-z0-9]{1,8}$/.test(lastSegment) && lastSegment !== 'index.html') return c.text('Not found', 404);
    c.header('Cache-Control', 'no-store');
    return c.html(indexHtml);
  });
  return app;
}

/**
 * Locally stored images (`<sha256>[-width].webp`): the name is the content, so they are cached
 * for a year. Only such names are served; anything else under /uploads is a 404.
 */
export function uploadedImages(dir: string) {
  const app = new Hono();
  app.get('/:name{[0-9a-f]{64}(-[0-9]{2,4})?\\.webp}', cacheControl(immutable), serveStatic({ root: dir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }));
  app.all('*', (c) => c.text('Not found', 404));
  return app;
}
