import { getRequestListener } from '@hono/node-server';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Hono } from 'hono';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapRoutes } from '../../src/platform/http/sitemap.js';
import { adminSession, call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 21 (decision 042): link previews and search engines read the first HTML of a page without
// running its JavaScript, and the sitemap. Real HTTP through the shop's own listener (the response
// cache in front of the app, as main.ts serves it), on SQLite and PostgreSQL (vitest.postgres.config.ts).
// The web app is web/index.html itself (its head as the build keeps it); one shop for the file.

const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
writeFileSync(join(dist, 'index.html'), readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8'));

let t: TestApp;
let server: http.Server;
let admin: string;
let product: { id: string; title: string };
const hostile = `Tiger "<b>&'</b> </script><script>alert(1)</script><!--`;
const ownPicture = `/uploads/${'a'.repeat(64)}.webp`;

type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

const listen = (s: http.Server) => new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));

function get(target: http.Server, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = target.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const productBody = (over: Record<string, unknown> = {}) => ({
  title: 'Lantern Tiger',
  description: 'A tiger   holding\na paper lantern.',
  category: 'Link Cards',
  price: 4500,
  sizes: ['20 cm'],
  colors: [],
  images: [ownPicture, 'https://i.ibb.co/abc/tiger-back.webp'],
  ...over,
});
const add = async (body: unknown) => {
  const res = await call(t, 'POST', '/api/products', { token: admin, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).insertedId as string;
};

beforeAll(async () => {
  t = await createTestApp({ webDistDir: dist });
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  for (const category of [{ category: 'Link Cards', categoryBn: 'লিংক কার্ড' }, { category: `Tom & Jerry's <Toys>` }]) {
    expect((await call(t, 'POST', '/api/categories', { token: admin, body: category })).status).toBe(201);
  }
  const id = await add(productBody({ titleBn: 'লণ্ঠন বাঘ', descriptionBn: 'কাগজের লণ্ঠন হাতে এক বাঘ।' }));
  product = { id, title: 'Lantern Tiger' };
  server = http.createServer(t.listener);
  await listen(server);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['document'];

const elements = (node: Node): Element[] => {
  const found: Element[] = [];
  const walk = (n: Node) => {
    if ('tagName' in n) found.push(n);
    const children = 'childNodes' in n ? n.childNodes : [];
    for (const child of children) walk(child as Node);
    if ('content' in n && n.content) for (const child of n.content.childNodes) walk(child as Node);
  };
  walk(node);
  return found;
};
const attr = (e: Element, name: string) => e.attrs.find((a) => a.name === name)?.value;
const textOf = (e: Element) => e.childNodes.map((c) => ('value' in c ? c.value : '')).join('');

/** The head as an HTML parser (a crawler's) reads it: every element in order, the tags by name. */
function readHead(html: string) {
  const document = parse(html);
  const all = elements(document);
  const head = all.find((e) => e.tagName === 'head');
  if (!head) throw new Error('no head');
  const inHead = elements(head).filter((e) => e !== head);
  const metas = (key: string) => inHead.filter((e) => e.tagName === 'meta' && (attr(e, 'property') === key || attr(e, 'name') === key)).map((e) => attr(e, 'content'));
  const meta = (key: string) => {
    const values = metas(key);
    expect(values.length, `one ${key}`).toBeLessThanOrEqual(1);
    return values[0];
  };
  const scripts = all.filter((e) => e.tagName === 'script');
  const jsonLd = scripts.filter((e) => attr(e, 'type') === 'application/ld+json').map((e) => JSON.parse(textOf(e)) as Record<string, unknown>);
  return {
    lang: attr(all.find((e) => e.tagName === 'html') as Element, 'lang'),
    titles: all.filter((e) => e.tagName === 'title').map(textOf),
    meta,
    metas,
    link: (rel: string, hreflang?: string) => inHead.filter((e) => e.tagName === 'link' && attr(e, 'rel') === rel && attr(e, 'hreflang') === hreflang).map((e) => attr(e, 'href')),
    jsonLd,
    /** Where the first script that runs sits among the head's elements, and where the last preview tag does. */
    firstRunnableScript: inHead.findIndex((e) => e.tagName === 'script' && attr(e, 'type') !== 'application/ld+json'),
    lastPreviewTag: Math.max(...inHead.map((e, i) => ((e.tagName === 'meta' && /^(og:|twitter:|product:)/.test(attr(e, 'property') ?? attr(e, 'name') ?? '')) || attr(e, 'type') === 'application/ld+json' ? i : -1))),
    elementNames: all.map((e) => e.tagName),
    scriptCount: scripts.length,
  };
}

const ofType = (head: ReturnType<typeof readHead>, type: string) => head.jsonLd.find((d) => d['@type'] === type) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('a product page as a crawler gets it (no JavaScript)', () => {
  it('has its title, description, canonical URL, Open Graph, Twitter card and JSON-LD before any script', async () => {
    const page = await get(server, `/product/${product.id}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const head = readHead(page.text);
    const url = `http://shop.test/product/${product.id}`;
    const picture = `http://shop.test/uploads/${'a'.repeat(64)}-960.webp`;
    expect(head.lang).toBe('en');
    expect(head.titles).toEqual(['Lantern Tiger | Test Shop']);
    expect(head.metas('description')).toEqual(['A tiger holding a paper lantern.']);
    expect(head.link('canonical')).toEqual([url]);
    expect(head.link('alternate', 'bn')).toEqual([`${url}?lang=bn`]);
    expect(head.link('alternate', 'x-default')).toEqual([url]);
    expect(head.meta('og:type')).toBe('product');
    expect(head.meta('og:title')).toBe('Lantern Tiger');
    expect(head.meta('og:description')).toBe('A tiger holding a paper lantern.');
    expect(head.meta('og:url')).toBe(url);
    expect(head.meta('og:image')).toBe(picture);
    expect(head.meta('og:site_name')).toBe('Test Shop');
    expect(head.meta('og:locale')).toBe('en_US');
    expect(head.meta('product:price:amount')).toBe('4500');
    expect(head.meta('product:price:currency')).toBe('BDT');
    expect(head.meta('product:availability')).toBe('in stock');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:title')).toBe('Lantern Tiger');
    expect(head.meta('twitter:image')).toBe(picture);
    expect(head.firstRunnableScript).toBeGreaterThan(head.lastPreviewTag);

    const item = ofType(head, 'Product');
    expect(item).toMatchObject({ '@context': 'https://schema.org', name: 'Lantern Tiger', url, sku: product.id, category: 'Link Cards' });
    expect(item.image).toEqual([picture, 'https://i.ibb.co/abc/tiger-back.webp']);
    expect(item.offers).toMatchObject({ '@type': 'Offer', price: 4500, priceCurrency: 'BDT', availability: 'https://schema.org/InStock', url });
    const crumbs = ofType(head, 'BreadcrumbList');
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://shop.test/' },
      { '@type': 'ListItem', position: 2, name: 'Link Cards', item: 'http://shop.test/category/Link%20Cards' },
      { '@type': 'ListItem', position: 3, name: 'Lantern Tiger', item: url },
    ]);
    // The rest of index.html is as it was: the web app's script, the static header's placeholder.
    expect(page.text).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(page.text).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('says OutOfStock once the stock is gone (the kept answer goes with the change)', async () => {
    expect(readHead((await get(server, `/product/${product.id}`)).text).meta('product:availability')).toBe('in stock');
    const soldOut = productBody({ variants: [{ size: '20 cm', color: '', stock: 0 }] });
    expect((await call(t, 'PATCH', `/api/products/${product.id}`, { token: admin, body: soldOut })).status).toBe(200);
    const head = readHead((await get(server, `/product/${product.id}`)).text);
    expect(head.meta('product:availability')).toBe('out of stock');
    expect(ofType(head, 'Product').offers.availability).toBe('https://schema.org/OutOfStock');
    const back = productBody({ variants: [{ size: '20 cm', color: '', stock: 3 }] });
    expect((await call(t, 'PATCH', `/api/products/${product.id}`, { token: admin, body: back })).status).toBe(200);
    expect(ofType(readHead((await get(server, `/product/${product.id}`)).text), 'Product').offers.availability).toBe('https://schema.org/InStock');
  });

  it('keeps a title with quotes, markup and </script> as text in every tag', async () => {
    const id = await add(productBody({ title: hostile, description: '', images: ['https://img.test/x.webp'] }));
    const page = await get(server, `/product/${id}`);
    const head = readHead(page.text);
    expect(head.titles).toEqual([`${hostile} | Test Shop`]);
    expect(head.meta('og:title')).toBe(hostile);
    expect(head.meta('twitter:title')).toBe(hostile);
    expect(head.meta('og:image:alt')).toBe(hostile);
    expect(head.meta('description')).toBe(`${hostile}: 4,500 BDT at Test Shop. Cash on delivery across Bangladesh.`);
    expect(ofType(head, 'Product').name).toBe(hostile);
    expect(ofType(head, 'BreadcrumbList').itemListElement[2].name).toBe(hostile);
    // Nothing of the title became an element: no <b>, and only the page's own scripts (2 JSON-LD + 2 of index.html).
    expect(head.elementNames).not.toContain('b');
    expect(head.scriptCount).toBe(4);
    expect(page.text).not.toContain('</script><script>alert');
    // The hand-written shape of the escape, as a reader that is not an HTML parser sees it.
    expect(page.text).toContain('\\u003c/script\\u003e');
    expect((await call(t, 'DELETE', `/api/products/${id}`, { token: admin })).status).toBe(200);
  });
});

describe('the language of the tags', () => {
  it('is Bengali with ?lang=bn: Bengali title, description, names, locale and <html lang>', async () => {
    const page = await get(server, `/product/${product.id}?lang=bn`);
    expect(page.headers.vary ?? '').not.toMatch(/accept-language/i);
    const head = readHead(page.text);
    expect(head.lang).toBe('bn');
    expect(head.titles).toEqual(['লণ্ঠন বাঘ | Test Shop']);
    expect(head.meta('description')).toBe('কাগজের লণ্ঠন হাতে এক বাঘ।');
    expect(head.meta('og:locale')).toBe('bn_BD');
    expect(head.meta('og:locale:alternate')).toBe('en_US');
    expect(head.link('canonical')).toEqual([`http://shop.test/product/${product.id}?lang=bn`]);
    expect(ofType(head, 'BreadcrumbList').itemListElement.map((c: { name: string }) => c.name)).toEqual(['হোম', 'লিংক কার্ড', 'লণ্ঠন বাঘ']);
    expect(ofType(head, 'Product').offers.priceCurrency).toBe('BDT');
  });

  it('follows Accept-Language without ?lang, says Vary: Accept-Language, and keeps each language apart in the cache', async () => {
    for (let round = 0; round < 2; round++) {
      const bn = await get(server, `/product/${product.id}`, { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' });
      const en = await get(server, `/product/${product.id}`, { 'accept-language': 'en-GB,en;q=0.9' });
      expect(readHead(bn.text).titles).toEqual(['লণ্ঠন বাঘ | Test Shop']);
      expect(readHead(en.text).titles).toEqual(['Lantern Tiger | Test Shop']);
      for (const answer of [bn, en]) expect(answer.headers.vary).toMatch(/accept-language/i);
    }
    // ?lang wins over the header; a value that is not a language leaves it to the header.
    expect(readHead((await get(server, `/product/${product.id}?lang=en`, { 'accept-language': 'bn' })).text).lang).toBe('en');
    expect(readHead((await get(server, `/product/${product.id}?lang=%62n`, { 'accept-language': 'en' })).text).lang).toBe('en');
  });

  it('names a category in Bengali, and the list pages and the home page too', async () => {
    const category = readHead((await get(server, '/category/link%20CARDS?lang=bn')).text);
    expect(category.titles).toEqual(['লিংক কার্ড | Test Shop']);
    expect(category.link('canonical')).toEqual(['http://shop.test/category/Link%20Cards?lang=bn']);
    expect(readHead((await get(server, '/allproductandcategories?lang=bn')).text).titles).toEqual(['সব পণ্য | Test Shop']);
    expect(readHead((await get(server, '/search?lang=bn')).text).titles).toEqual(['খুঁজুন | Test Shop']);
    expect(readHead((await get(server, '/?lang=bn')).text).titles).toEqual(['Test Shop | অ্যানিমে ও ট্রেডিং কার্ডের পণ্য']);
  });
});

describe('the other pages', () => {
  it('/, /allproductandcategories, /category/<name> and /search have their own tags (og:type website)', async () => {
    const home = readHead((await get(server, '/')).text);
    expect(home.titles).toEqual(['Test Shop | Anime & Trading Card Merchandise']);
    expect(home.link('canonical')).toEqual(['http://shop.test/']);
    expect(home.meta('og:type')).toBe('website');
    expect(home.meta('og:image')).toMatch(/^https?:\/\//);
    expect(ofType(home, 'WebSite')).toMatchObject({ name: 'Test Shop', url: 'http://shop.test/' });

    const all = readHead((await get(server, '/allproductandcategories')).text);
    expect(all.titles).toEqual(['All Products | Test Shop']);
    expect(all.link('canonical')).toEqual(['http://shop.test/allproductandcategories']);

    // Any spelling of a category's name: the tags name it as it is stored.
    const category = await get(server, '/category/%20link%20cards');
    expect(category.status).toBe(200);
    const tags = readHead(category.text);
    expect(tags.titles).toEqual(['Link Cards | Test Shop']);
    expect(tags.link('canonical')).toEqual(['http://shop.test/category/Link%20Cards']);
    expect(tags.meta('og:image')).toBe(`http://shop.test/uploads/${'a'.repeat(64)}-960.webp`);
    expect(readHead((await get(server, `/category/${encodeURIComponent(`Tom & Jerry's <Toys>`)}`)).text).titles).toEqual([`Tom & Jerry's <Toys> | Test Shop`]);
  });

  it('/search has the same tags whatever q is (noindex, follow)', async () => {
    const plain = await get(server, '/search');
    const asked = await get(server, `/search?q=${encodeURIComponent('<script>"free money"')}&sort=price_asc`);
    expect(asked.text).toBe(plain.text);
    const head = readHead(plain.text);
    expect(head.titles).toEqual(['Search | Test Shop']);
    expect(head.meta('robots')).toBe('noindex, follow');
    expect(head.link('canonical')).toEqual(['http://shop.test/search']);
  });

  it('answers an unknown product or category with the not-found page: 404, noindex, its title', async () => {
    for (const path of ['/product/0123456789abcdef01234567', '/product/not-an-id', '/category/No%20Such%20Category', '/category/%E0%A4']) {
      const page = await get(server, path);
      expect(page.status, path).toBe(404);
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      const head = readHead(page.text);
      expect(head.titles, path).toEqual(['Page not found | Test Shop']);
      expect(head.meta('robots'), path).toBe('noindex');
      expect(page.text, path).toContain('<div id="root">');
    }
    const bn = readHead((await get(server, '/product/0123456789abcdef01234567', { 'accept-language': 'bn' })).text);
    expect(bn.titles).toEqual(['পাতাটি পাওয়া যায়নি | Test Shop']);
  });

  it('answers a path that is no page of the app with the not-found page too (issue 33)', async () => {
    for (const path of ['/no-such-page', '/livez', '/dashboard/nope']) {
      const page = await get(server, path);
      expect(page.status, path).toBe(404);
      const head = readHead(page.text);
      expect(head.titles, path).toEqual(['Page not found | Test Shop']);
      expect(head.meta('robots'), path).toBe('noindex');
      expect(page.text, path).toContain('<div id="root">');
    }
    expect(readHead((await get(server, '/no-such-page?lang=bn')).text).titles).toEqual(['পাতাটি পাওয়া যায়নি | Test Shop']);
  });

  it('keeps other routes as they were: the generic title, nothing added', async () => {
    const about = await get(server, '/about');
    expect(about.status).toBe(200);
    const head = readHead(about.text);
    expect(head.titles).toEqual(['Test Shop | Anime &amp; Trading Card Merchandise'.replace('&amp;', '&')]);
    expect(head.meta('og:title')).toBeUndefined();
  });

  it('keeps the cache bounded: unknown products, any query and any spelling add no entries', async () => {
    await get(server, `/product/${product.id}`);
    await get(server, '/search');
    const before = t.responseCacheStats().entries.entries;
    for (let i = 0; i < 100; i++) {
      const id = (i + 1).toString(16).padStart(24, '0');
      expect((await get(server, `/product/${id}`)).status).toBe(404);
      await get(server, `/search?q=${i}&fbclid=${i}`);
      await get(server, `/product/${product.id}?utm_source=${i}`);
    }
    // Spellings of one category share its entry.
    for (const spelling of ['Link%20Cards', 'link%20cards', 'LINK%20CARDS', '%20Link%20Cards%20']) await get(server, `/category/${spelling}`);
    expect(t.responseCacheStats().entries.entries).toBeLessThanOrEqual(before + 1);
  });
});

const xmlParser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' });
type UrlSet = { urlset: { '@_xmlns': string; url: Array<{ loc: string; lastmod?: string }> } };
type SitemapIndex = { sitemapindex: { '@_xmlns': string; sitemap: Array<{ loc: string }> } };
const sitemapNamespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const w3cDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A sitemap file as the protocol wants it: well-formed UTF-8 XML, its root and namespace, absolute escaped <loc>s, W3C dates, at most 50,000 URLs. */
function checkedUrlSet(answer: Answer): Array<{ loc: string; lastmod?: string }> {
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(answer.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(XMLValidator.validate(answer.text)).toBe(true);
  const parsed = xmlParser.parse(answer.text) as UrlSet;
  expect(parsed.urlset['@_xmlns']).toBe(sitemapNamespace);
  const urls = parsed.urlset.url ?? [];
  expect(urls.length).toBeLessThanOrEqual(50_000);
  expect(Buffer.byteLength(answer.text)).toBeLessThan(50 * 1024 * 1024);
  for (const { loc, lastmod } of urls) {
    expect(new URL(loc).href, loc).toBe(loc);
    expect(loc.length).toBeLessThan(2048);
    if (lastmod !== undefined) expect(lastmod, loc).toMatch(w3cDate);
  }
  return urls;
}

describe('the sitemap and robots.txt', () => {
  it('lists every product and category with lastmod, and the list pages', async () => {
    const urls = checkedUrlSet(await get(server, '/sitemap.xml'));
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    const products = (await json(await call(t, 'GET', '/api/products?limit=200'))) as Array<{ _id: string }>;
    const categories = (await json(await call(t, 'GET', '/api/categories'))) as Array<{ category: string }>;
    expect(locs.sort()).toEqual(
      [
        'http://shop.test/',
        'http://shop.test/allproductandcategories',
        ...categories.map((c) => `http://shop.test/category/${encodeURIComponent(c.category)}`),
        ...products.map((p) => `http://shop.test/product/${p._id}`),
      ].sort(),
    );
    // The & of a name is escaped in the XML (the validator read it back), as is its apostrophe.
    expect(locs).toContain(`http://shop.test/category/Tom%20%26%20Jerry's%20%3CToys%3E`);
    const tiger = urls.find((u) => u.loc === `http://shop.test/product/${product.id}`);
    expect(tiger?.lastmod).toBe(t.time.clock.now().toISOString().replace(/\.\d{3}Z$/, 'Z'));
    for (const u of urls) expect(u.lastmod, u.loc).toBeDefined();
  });

  it('stays correct after a product is added or deleted (the kept answer goes with the change)', async () => {
    await get(server, '/sitemap.xml');
    const id = await add(productBody({ title: 'Sitemap Newcomer' }));
    const url = `http://shop.test/product/${id}`;
    expect(checkedUrlSet(await get(server, '/sitemap.xml')).map((u) => u.loc)).toContain(url);
    expect((await call(t, 'DELETE', `/api/products/${id}`, { token: admin })).status).toBe(200);
    expect(checkedUrlSet(await get(server, '/sitemap.xml', { 'accept-encoding': 'gzip' })).map((u) => u.loc)).not.toContain(url);
  });

  it('becomes an index of files when the catalogue is larger than a file holds (a few per file here)', async () => {
    const app = new Hono();
    app.route('/', sitemapRoutes({ source: t.catalogue.sitemap, addressing: { publicUrl: 'http://shop.test', trustProxy: 0, fallbackOrigin: 'http://localhost' }, urlsPerFile: 7, categoriesPerFile: 3, batchRows: 2 }));
    const small = http.createServer(getRequestListener(app.fetch));
    await listen(small);
    try {
      const index = await get(small, '/sitemap.xml');
      expect(XMLValidator.validate(index.text)).toBe(true);
      const parsed = xmlParser.parse(index.text) as SitemapIndex;
      expect(parsed.sitemapindex['@_xmlns']).toBe(sitemapNamespace);
      const files = parsed.sitemapindex.sitemap.map((s) => s.loc);
      const productCount = Number((await call(t, 'GET', '/api/products?limit=1')).headers.get('x-total-count'));
      const categoryCount = ((await json(await call(t, 'GET', '/api/categories'))) as unknown[]).length;
      expect(files.filter((f) => f.includes('-products-'))).toHaveLength(Math.ceil(productCount / 7));
      expect(files.filter((f) => f.includes('-categories-'))).toHaveLength(Math.ceil((categoryCount + 2) / 3));
      const all: string[] = [];
      for (const file of files) {
        const urls = checkedUrlSet(await get(small, new URL(file).pathname));
        expect(urls.length).toBeLessThanOrEqual(file.includes('-products-') ? 7 : 3);
        all.push(...urls.map((u) => u.loc));
      }
      // Together, exactly the single sitemap's URLs: none twice, none left out.
      expect(new Set(all).size).toBe(all.length);
      expect(all.sort()).toEqual(checkedUrlSet(await get(server, '/sitemap.xml')).map((u) => u.loc).sort());
      for (const missing of ['/sitemap-products-0.xml', `/sitemap-products-${files.length + 1}.xml`, '/sitemap-categories-99.xml']) {
        expect((await get(small, missing)).status, missing).toBe(404);
      }
    } finally {
      small.closeAllConnections();
      await new Promise((r) => small.close(r));
    }
  });

  it('robots.txt keeps /dashboard and /api out and points at the sitemap', async () => {
    const robots = await get(server, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const lines = robots.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /api');
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml');
  });
});

describe('without PUBLIC_URL', () => {
  it("uses the request's own origin, keyed apart in the cache, and a few origins at most", async () => {
    const bare = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: '' } });
    const s = http.createServer(bare.listener);
    await listen(s);
    try {
      const id = (await json(await call(bare, 'POST', '/api/categories', { token: (await adminSession(bare)).token, body: { category: 'Cards' } }))).insertedId;
      expect(id).toBeDefined();
      const canonical = async (host: string, path = '/') => readHead((await get(s, path, { host })).text).link('canonical')[0];
      for (let round = 0; round < 2; round++) {
        expect(await canonical('evil.test')).toBe('http://evil.test/');
        expect(await canonical('shop.example:8080')).toBe('http://shop.example:8080/');
      }
      // A Host that cannot be one is not echoed into the page.
      expect(await canonical('bad_host.test')).toBe('http://localhost:3000/');
      expect((await get(s, '/robots.txt', { host: 'shop.example:8080' })).text).toContain('Sitemap: http://shop.example:8080/sitemap.xml');
      const before = bare.responseCacheStats().entries.entries;
      for (let i = 0; i < 50; i++) await canonical(`host${i}.test`);
      expect(bare.responseCacheStats().entries.entries - before).toBeLessThanOrEqual(8);
      expect(await canonical('shop.example:8080')).toBe('http://shop.example:8080/');
    } finally {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
      await bare.close();
    }
  });
});
