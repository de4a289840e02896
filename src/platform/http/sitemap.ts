import { Hono, type Context } from 'hono';
import { appError, errorBody } from '../../shared/errors.js';
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
};

/** The sitemap protocol's limit of URLs per file (sitemaps.org). */
export const maxUrlsPerFile = 50_000;

/** The shop's list pages, in every sitemap: they change with any product. */
const listPages = ['/', '/allproductandcategories'] as const;

/** W3C Datetime, to the second, in UTC. */
export const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const urlsetOpen = `${xmlHead}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const urlsetClose = '</urlset>\n';

/** Text for XML: its five predefined entities. */
export const escapeXml = (text: string) =>
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

  const xml = (c: Context, parts: AsyncGenerator<string>) => {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=600');
    return c.body(streamOf(parts));
  };
  const sizes = async () => {
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
    const base = baseOf(c);
    const { categoryFiles, productFiles, single } = await sizes();
    return xml(c, single ? categoriesFile(base, 1, true) : index(base, categoryFiles, productFiles));
  });

  app.get('/:file{sitemap-(?:categories|products)-[0-9]{1,7}\\.xml}', async (c) => {
    const [, kind, number] = /^sitemap-(categories|products)-([0-9]+)\.xml$/.exec(c.req.param('file')) ?? [];
    const n = Number(number);
    const { categoryFiles, productFiles } = await sizes();
    if (!(n >= 1) || n > (kind === 'categories' ? categoryFiles : productFiles)) {
      return c.json(errorBody(appError('http/not-found', `There is no ${c.req.param('file')}: see /sitemap.xml.`)), 404);
    }
    const base = baseOf(c);
    return xml(c, kind === 'categories' ? categoriesFile(base, n, false) : productsFile(base, n));
  });

  return app;
}
