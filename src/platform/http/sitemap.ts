import { promisify } from 'node:util';
import { deflate, gzip } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { appError, errorBody } from '../../shared/errors.js';
import { createBoundedMap } from '../bounded-map.js';
import { createWorkGate } from '../work-gate.js';
import { chosenEncoding } from './response-cache.js';
import { requestOrigin, type PageAddressing } from './web-pages.js';

/** The catalogue's keyset reads the sitemap needs (the catalogue module's SitemapReader). */
export type SitemapSource = {
  productCount(): Promise<number>;
  productIdAt(offset: number): Promise<string | null>;
  products(after: string | null, limit: number): Promise<Array<{ id: string; lastModified: Date }>>;
  categoryCount(): Promise<number>;
  categoryKeyAt(offset: number): Promise<string | null>;
  categories(after: string | null, limit: number): Promise<Array<{ name: string; key: string; lastModified: Date }>>;
  lastProductChange(): Promise<Date | null>;
};

export type SitemapOptions = {
  source: SitemapSource;
  addressing: PageAddressing;
  /** Product URLs per sitemap file: the protocol's 50,000 by default (tests set a few). */
  urlsPerFile?: number;
  /**
   * URLs per categories file (the list pages count): 10,000 by default, as a name of 80 Bengali
   * letters is ~750 bytes percent-encoded and a file must stay under 50 MB whatever the names. At least 3.
   */
  categoriesPerFile?: number;
  /** Rows per database read while a file is written. */
  batchRows?: number;
  /**
   * The catalogue's change tag (issue 40): while it is the same, each file is built once per
   * origin and encoding and its bytes answered again, whatever the query string. Without it,
   * every request builds its file (tests of the layout).
   */
  version?: () => string;
  /** Bytes of built files kept (24 MB by default): a file of 50,000 URLs is ~6 MB, ~0.4 MB gzipped. */
  cacheBytes?: number;
  /** Origins that get a sitemap of their own without PUBLIC_URL (4): later ones get the first one's. */
  maxOrigins?: number;
};

/** The sitemap protocol's limit of URLs per file (sitemaps.org). */
const maxUrlsPerFile = 50_000;

/** The shop's list pages, in every sitemap: they change with any product. */
const listPages = ['/', '/allproductandcategories'] as const;

/** W3C Datetime, to the second, in UTC. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const urlsetOpen = `${xmlHead}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const urlsetClose = '</urlset>\n';

/** Text for XML: its five predefined entities. */
const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

const urlEntry = (loc: string, lastModified: Date | null) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastModified ? `<lastmod>${w3cDate(lastModified)}</lastmod>` : ''}</url>\n`;

/** A body written while it is read: each pull runs the generator to its next part (one batch of rows). */
function streamOf(parts: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

/**
 * /robots.txt, /sitemap.xml and the sitemap files (issue 21, decision 042). Every absolute URL
 * starts at PUBLIC_URL, else at the request's own origin. A catalogue up to `urlsPerFile` URLs is
 * one /sitemap.xml; a larger one makes /sitemap.xml an index of /sitemap-categories-<n>.xml (the
 * list pages and the categories) and /sitemap-products-<n>.xml. Each file is read in keyset
 * batches and streamed: memory stays the same whatever the catalogue's size.
 */
export function sitemapRoutes(options: SitemapOptions) {
  const app = new Hono();
  const { source } = options;
  const productsPerFile = Math.min(options.urlsPerFile ?? maxUrlsPerFile, maxUrlsPerFile);
  const categoriesPerFile = Math.max(listPages.length + 1, Math.min(options.categoriesPerFile ?? maxUrlsPerFile / 5, maxUrlsPerFile));
  const batchRows = options.batchRows ?? 1000;
  const baseOf = (c: Context) => requestOrigin((name) => c.req.header(name), options.addressing);

  async function* productUrls(base: string, offset: number, count: number) {
    let after: string | null = null;
    if (offset > 0) {
      after = await source.productIdAt(offset - 1);
      if (after === null) return;
    }
    for (let left = count; left > 0; ) {
      const rows = await source.products(after, Math.min(batchRows, left));
      if (rows.length === 0) return;
      yield rows.map((row) => urlEntry(`${base}/product/${row.id}`, row.lastModified)).join('');
      left -= rows.length;
      after = rows[rows.length - 1]?.id ?? null;
    }
  }

  async function* categoryUrls(base: string, offset: number, count: number) {
    let after: string | null = null;
    if (offset > 0) {
      after = await source.categoryKeyAt(offset - 1);
      if (after === null) return;
    }
    for (let left = count; left > 0; ) {
      const rows = await source.categories(after, Math.min(batchRows, left));
      if (rows.length === 0) return;
      yield rows.map((row) => urlEntry(`${base}/category/${encodeURIComponent(row.name)}`, row.lastModified)).join('');
      left -= rows.length;
      after = rows[rows.length - 1]?.key ?? null;
    }
  }

  /** Categories file n (from 1): the list pages first, then categories in name order. */
  async function* categoriesFile(base: string, n: number, withProducts: boolean) {
    yield urlsetOpen;
    const first = (n - 1) * categoriesPerFile;
    let slots = categoriesPerFile;
    if (n === 1) {
      const lastChange = await source.lastProductChange();
      yield listPages.map((path) => urlEntry(`${base}${path}`, lastChange)).join('');
      slots -= listPages.length;
    }
    yield* categoryUrls(base, Math.max(0, first - listPages.length), slots);
    if (withProducts) yield* productUrls(base, 0, productsPerFile);
    yield urlsetClose;
  }

  async function* productsFile(base: string, n: number) {
    yield urlsetOpen;
    yield* productUrls(base, (n - 1) * productsPerFile, productsPerFile);
    yield urlsetClose;
  }

  async function* index(base: string, categoryFiles: number, productFiles: number) {
    yield `${xmlHead}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
    for (let n = 1; n <= categoryFiles; n++) yield `<sitemap><loc>${escapeXml(`${base}/sitemap-categories-${n}.xml`)}</loc></sitemap>\n`;
    for (let n = 1; n <= productFiles; n++) yield `<sitemap><loc>${escapeXml(`${base}/sitemap-products-${n}.xml`)}</loc></sitemap>\n`;
    yield '</sitemapindex>\n';
  }

  const xmlHeaders = (c: Context) => {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=600');
  };

  /**
   * Built files (issue 40, decision 047): at 52,000 products a file took ~200 ms of CPU to read
   * and write, and `?x=` or another Host header made each request a new one. Now a file is built
   * once per catalogue version, origin and encoding (gzip and deflate done here, off the event
   * loop, so compress() leaves it), one build at a time, and its bytes kept in a bounded map.
   * Origins: PUBLIC_URL's alone when set; else the first `maxOrigins` seen, and any other Host
   * gets the first one's file, so forged Host values cost a look-up, not a build.
   */
  const version = options.version;
  const built = createBoundedMap<Uint8Array>({ maxEntries: 64, maxBytes: options.cacheBytes ?? 24 * 1024 * 1024 });
  /** Builds under way, by key: requests for the same file wait for the same build (null: too many builds waiting). */
  const building = new Map<string, Promise<Uint8Array | null>>();
  const builds = createWorkGate({ atOnce: 1, maxWaiting: 16 });
  const origins: string[] = [];
  const maxOrigins = options.maxOrigins ?? 4;
  let builtFor = '';
  const canonicalBase = (c: Context): string => {
    const base = baseOf(c);
    if (options.addressing.publicUrl || origins.includes(base)) return base;
    if (origins.length < maxOrigins) {
      origins.push(base);
      return base;
    }
    return origins[0] ?? base;
  };
  const collect = async (parts: AsyncGenerator<string>) => {
    const chunks: string[] = [];
    for await (const part of parts) chunks.push(part);
    return Buffer.from(chunks.join(''));
  };
  const zip = { gzip: promisify(gzip), deflate: promisify(deflate) };

  const xml = async (c: Context, file: string, parts: (base: string) => AsyncGenerator<string>) => {
    if (!version) {
      xmlHeaders(c);
      return c.body(streamOf(parts(baseOf(c))));
    }
    const now = version();
    if (now !== builtFor) {
      built.clear();
      building.clear();
      builtFor = now;
    }
    const base = canonicalBase(c);
    const encoding = chosenEncoding(c.req.header('accept-encoding'));
    const key = `${file}\n${base}\n${encoding}`;
    let body = built.get(key);
    if (!body) {
      let pending = building.get(key);
      if (!pending) {
        pending = (async () => {
          const slot = await builds.enter();
          if (!slot) return null;
          try {
            const plainKey = `${file}\n${base}\nidentity`;
            const plain = built.get(plainKey) ?? (await collect(parts(base)));
            if (builtFor === now) built.set(plainKey, plain, plain.byteLength + plainKey.length * 2);
            if (encoding === 'identity') return plain;
            const packed = new Uint8Array(await zip[encoding](plain, { level: 6 }));
            if (builtFor === now) built.set(key, packed, packed.byteLength + key.length * 2);
            return packed;
          } finally {
            slot();
          }
        })();
        building.set(key, pending);
        void pending.then(
          () => building.get(key) === pending && building.delete(key),
          () => building.get(key) === pending && building.delete(key),
        );
      }
      body = (await pending) ?? undefined;
      if (!body) {
        c.header('Retry-After', '5');
        return c.json(errorBody(appError('http/unavailable', 'The sitemap is being built. Try again in a few seconds.')), 503);
      }
    }
    xmlHeaders(c);
    c.header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') c.header('Content-Encoding', encoding);
    return c.body(body as Uint8Array<ArrayBuffer>);
  };
  let sizesAt: { version: string; sizes: Promise<{ categoryFiles: number; productFiles: number; single: boolean }> } | null = null;
  const sizes = () => {
    const now = options.version?.();
    if (now === undefined) return countSizes();
    if (sizesAt?.version !== now) {
      const counted = countSizes();
      sizesAt = { version: now, sizes: counted };
      counted.catch(() => (sizesAt = null));
    }
    return sizesAt.sizes;
  };
  const countSizes = async () => {
    const [categories, products] = await Promise.all([source.categoryCount(), source.productCount()]);
    const categoryUrlCount = categories + listPages.length;
    return {
      categoryFiles: Math.max(1, Math.ceil(categoryUrlCount / categoriesPerFile)),
      productFiles: Math.ceil(products / productsPerFile),
      single: categoryUrlCount <= categoriesPerFile && categoryUrlCount + products <= productsPerFile,
    };
  };

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    // The public reads the pages render from stay open: a crawler that runs the app (Googlebot)
    // must be able to fetch what it shows; everything else under /api and the dashboard is out.
    return c.text(
      [
        'User-agent: *',
        'Disallow: /dashboard',
        'Disallow: /api',
        'Allow: /api/config',
        'Allow: /api/categories',
        'Allow: /api/products',
        'Allow: /api/sliders',
        '',
        `Sitemap: ${baseOf(c)}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  app.get('/sitemap.xml', async (c) => {
    const { categoryFiles, productFiles, single } = await sizes();
    return xml(c, 'sitemap.xml', (base) => (single ? categoriesFile(base, 1, true) : index(base, categoryFiles, productFiles)));
  });

  app.get('/:file{sitemap-(?:categories|products)-[0-9]{1,7}\\.xml}', async (c) => {
    const [, kind, number] = /^sitemap-(categories|products)-([0-9]+)\.xml$/.exec(c.req.param('file')) ?? [];
    const n = Number(number);
    const { categoryFiles, productFiles } = await sizes();
    if (!(n >= 1) || n > (kind === 'categories' ? categoryFiles : productFiles)) {
      return c.json(errorBody(appError('http/not-found', `There is no ${c.req.param('file')}: see /sitemap.xml.`)), 404);
    }
    return xml(c, `${kind}-${n}`, (base) => (kind === 'categories' ? categoriesFile(base, n, false) : productsFile(base, n)));
  });

  return app;
}
