import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../../shared/escape-html.js';
import { isPagePath } from '../../shared/page-paths.js';
import type { Lang } from '../../shared/locale-format.js';
import { langParamOf, pageLanguage, renderHead } from './page-meta.js';
import { pageMeta, pageOfPath, requestOrigin, type PageAddressing, type PageCatalogue } from './web-pages.js';

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
 * With `pages`, /, /product/<id>, /category/<name>, /allproductandcategories and /search carry
 * their own title, description, canonical URL, Open Graph, Twitter card and JSON-LD in the head
 * (issue 21, decision 042); an unknown product or category is the not-found page with a 404.
 * A path that is no page of the app (/no-such-page, /healthz, /dashboard/nope: src/shared/page-paths.ts)
 * gets the app with a 404 too, whose router shows its not-found page (issue 33, decision 054).
 */
export function webAppRoutes(distDir: string, options: { shopName: string; pages?: { catalogue: PageCatalogue; addressing: PageAddressing } | undefined }) {
  const app = new Hono();
  const indexFile = join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8').replaceAll('%SHOP_NAME%', () => escapeHtml(options.shopName)) : null;
  const template = indexHtml === null ? null : pageTemplate(indexHtml);

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
  const { pages } = options;
  app.get('*', async (c) => {
    // A missing file (a name ending in an extension) is a 404; a client route whose last part
    // merely holds a dot, such as /category/Vol. 2, gets the app.
    const lastSegment = c.req.path.split('/').pop() ?? '';
    if (/\.[A-Za-z0-9]{1,8}$/.test(lastSegment) && lastSegment !== 'index.html') return c.text('Not found', 404);
    c.header('Cache-Control', 'no-store');
    // The pages that carry their own tags (issue 21), from the path as it came, still encoded.
    const url = new URL(c.req.url);
    const known = url.pathname === '/index.html' || isPagePath(url.pathname);
    const page = pages && template ? (known ? pageOfPath(url.pathname) : 'not-found') : null;
    if (!page || !pages || !template) return c.html(indexHtml, known ? 200 : 404);
    const { lang, fromHeader } = pageLanguage(langParamOf(url.search.slice(1)), c.req.header('accept-language'));
    if (fromHeader) c.header('Vary', 'Accept-Language');
    const base = requestOrigin((name) => c.req.header(name), pages.addressing);
    const answer = await pageMeta(page, lang, base, { shopName: options.shopName, catalogue: pages.catalogue });
    return c.html(template(lang, renderHead(answer.meta)), answer.status);
  });
  return app;
}

/**
 * index.html as a function of a page's language and head tags: its generic <title> and
 * description are cut out, and the tags go where the title was, before any <script> (the build
 * puts the title first: web/index.html). <html lang> says the page's language. Null when the file
 * has no <title> to replace (the tags would have no safe place): pages are then served as before.
 */
function pageTemplate(html: string): ((lang: Lang, head: string) => string) | null {
  const title = /<title>[\s\S]*?<\/title>/.exec(html);
  if (!title) return null;
  const firstScript = html.search(/<script\b/i);
  if (firstScript !== -1 && firstScript < title.index) return null;
  const withoutDescription = (part: string) => part.replace(/[ \t]*<meta\s+name="description"[^>]*>[ \t]*\n?/i, '');
  const before = withoutDescription(html.slice(0, title.index));
  const after = withoutDescription(html.slice(title.index + title[0].length));
  const htmlTag = /<html\b[^>]*>/i.exec(before);
  if (!htmlTag) return (_lang, head) => `${before}${head}${after}`;
  const openTag = htmlTag[0].replace(/\s+lang="[^"]*"/i, '');
  const start = before.slice(0, htmlTag.index);
  const rest = before.slice(htmlTag.index + htmlTag[0].length);
  return (lang, head) => `${start}${openTag.replace(/^<html\b/i, `<html lang="${lang}"`)}${rest}${head}${after}`;
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
