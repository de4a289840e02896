import type { IncomingHttpHeaders } from 'node:http';
import { idPattern } from '../../shared/ids.js';
import type { Lang } from '../../shared/locale-format.js';
import { createBoundedMap } from '../bounded-map.js';
import { variantWidths } from '../image-store/prepare-image.js';
import { documentTitle, langParamOf, pageLanguage, pageTexts, shortDescription, type PageMeta } from './page-meta.js';

/** What the pages' tags need of the catalogue (wired in shop.ts from the catalogue module's index.ts). */
export type PageCatalogue = {
  product(id: string): Promise<PageProduct | null>;
  /** By name, case and surrounding spaces ignored. */
  category(name: string): Promise<{ name: string; nameBn: string | null } | null>;
  /** The first picture of the newest product (of a category), or null. */
  newestImage(category?: string): Promise<string | null>;
};

export type PageProduct = {
  id: string;
  title: string;
  titleBn: string | null;
  description: string;
  descriptionBn: string | null;
  category: string;
  categoryBn: string | null;
  price: number;
  images: string[];
  variants: ReadonlyArray<{ stock: number }>;
};

/** Where absolute URLs start: PUBLIC_URL, else the request's own origin (see `requestOrigin`). */
export type PageAddressing = {
  publicUrl?: string | undefined;
  /** TRUST_PROXY: behind a proxy, its X-Forwarded-Proto says whether the visitor used https. */
  trustProxy: number;
  /** For a request whose Host cannot be one (http://localhost:PORT). */
  fallbackOrigin: string;
};

const localized = (lang: Lang, english: string, bengali: string | null) => (lang === 'bn' && bengali ? bengali : english);

/** A host name or an IP address, with a port: nothing that could carry a path, a quote or markup. */
const validHost = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

const lastValue = (header: string | undefined) => header?.split(',').at(-1)?.trim().toLowerCase();

/**
 * The origin a request came to, for a shop without PUBLIC_URL: http (https when the proxy we trust
 * says so) and its Host, lower-cased, when that is a host name or address; else the fallback. A
 * forged Host can only name itself in the answer to that request (and the response cache keys
 * answers by this origin, a few at most: see `pageCacheKeys`).
 */
export function requestOrigin(header: (name: 'host' | 'x-forwarded-proto') => string | undefined, addressing: PageAddressing): string {
  if (addressing.publicUrl) return addressing.publicUrl.replace(/\/+$/, '');
  const host = header('host')?.toLowerCase();
  if (!host || host.length > 260 || !validHost.test(host)) return addressing.fallbackOrigin;
  const proto = addressing.trustProxy > 0 && lastValue(header('x-forwarded-proto')) === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}

/** The shop's own stored pictures (local disk or its S3 bucket) have copies; others are used as they are. */
const ownStore = /^(\/uploads\/[^/?#]+|https:\/\/[^?#]+\/[0-9a-f]{64})\.webp$/;
/** The widest copy (960 px, or the whole picture when it is narrower): wide enough for every network's large card. */
const previewWidth = Math.max(...variantWidths);

/** A picture's absolute URL for a preview: the shop's own at its 960 px copy; root-relative ones against `base`. */
export function previewImage(url: string, base: string): string {
  const own = ownStore.exec(url);
  const chosen = own ? `${own[1]}-${previewWidth}.webp` : url;
  return chosen.startsWith('/') ? `${base}${chosen}` : chosen;
}

/** The page paths whose tags are written by the server (issue 21). */
export type PagePath =
  | { page: 'home' | 'allProducts' | 'search'; path: string }
  | { page: 'product'; id: string }
  | { page: 'category'; name: string };

/**
 * Which page a path is, or null for any other path (served as before), or 'not-found' for a path
 * of these pages that cannot name anything (a product id that cannot be one, a name that does not
 * decode). `rawPath` is still percent-encoded: a category name may hold a `/` (%2F).
 */
export function pageOfPath(rawPath: string): PagePath | 'not-found' | null {
  if (rawPath === '/') return { page: 'home', path: '/' };
  if (rawPath === '/allproductandcategories') return { page: 'allProducts', path: rawPath };
  if (rawPath === '/search') return { page: 'search', path: rawPath };
  const product = /^\/product\/([^/]+)$/.exec(rawPath);
  if (product) return idPattern.test(product[1] ?? '') ? { page: 'product', id: product[1] as string } : 'not-found';
  const category = /^\/category\/([^/]+)$/.exec(rawPath);
  if (category) {
    try {
      const name = decodeURIComponent(category[1] ?? '');
      // '.' and '..' are path steps to a URL parser, never names it would pass on.
      return name.trim() === '' || name === '.' || name === '..' || name.length > 200 ? 'not-found' : { page: 'category', name };
    } catch {
      return 'not-found';
    }
  }
  return null;
}

export type PageAnswer = { status: 200 | 404; meta: PageMeta };

/**
 * The tags of a page: what the path shows, in `lang`, with absolute URLs from `base`. Unknown
 * products and categories are the not-found page (404, noindex). The search page's tags are the
 * same whatever `q` is (decision 042): one kept answer per language, and nobody can make the
 * shop's name preview a text of their own choosing.
 */
export async function pageMeta(page: PagePath | 'not-found', lang: Lang, base: string, options: { shopName: string; catalogue: PageCatalogue }): Promise<PageAnswer> {
  const { shopName, catalogue } = options;
  const t = pageTexts[lang];
  const both = (path: string): Record<Lang, string> => ({ en: `${base}${path}`, bn: `${base}${path}${path.includes('?') ? '&' : '?'}lang=bn` });
  const common = (path: string) => {
    const alternates = both(path);
    return { lang, siteName: shopName, alternates, canonical: alternates[lang] };
  };
  const crumb = (position: number, name: string, item: string) => ({ '@type': 'ListItem', position, name, item });
  const breadcrumbs = (...items: Array<[string, string]>) => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, item], i) => crumb(i + 1, name, item)),
  });
  const notFound = (): PageAnswer => ({
    status: 404,
    meta: {
      ...common('/'),
      title: documentTitle(t.notFound, shopName),
      description: t.notFound,
      og: { type: 'website', title: t.notFound },
      jsonLd: [],
      robots: 'noindex',
    },
  });
  const picture = async (category?: string) => {
    const url = await catalogue.newestImage(category);
    return url ? { url: previewImage(url, base), alt: shopName } : undefined;
  };

  if (page === 'not-found') return notFound();
  const home = common('/').canonical;
  switch (page.page) {
    case 'home': {
      const image = await picture();
      return {
        status: 200,
        meta: {
          ...common('/'),
          title: `${shopName} | ${t.tagline}`,
          description: t.homeDescription,
          og: { type: 'website', title: shopName },
          ...(image ? { image } : {}),
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'WebSite',
              name: shopName,
              url: `${base}/`,
              inLanguage: lang,
              potentialAction: { '@type': 'SearchAction', target: `${base}/search?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
            },
          ],
        },
      };
    }
    case 'allProducts':
    case 'search': {
      const name = page.page === 'search' ? t.search : t.allProducts;
      const here = common(page.path);
      const image = page.page === 'allProducts' ? await picture() : undefined;
      return {
        status: 200,
        meta: {
          ...here,
          title: documentTitle(name, shopName),
          description: page.page === 'search' ? t.searchDescription(shopName) : t.allProductsDescription(shopName),
          og: { type: 'website', title: name },
          ...(image ? { image } : {}),
          jsonLd: [breadcrumbs([t.home, home], [name, here.canonical])],
          // Result lists of the shop's own search are not pages for a search engine to list.
          ...(page.page === 'search' ? { robots: 'noindex, follow' } : {}),
        },
      };
    }
    case 'category': {
      const category = await catalogue.category(page.name);
      if (!category) return notFound();
      const name = localized(lang, category.name, category.nameBn);
      const here = common(`/category/${encodeURIComponent(category.name)}`);
      const image = await picture(category.name);
      return {
        status: 200,
        meta: {
          ...here,
          title: documentTitle(name, shopName),
          description: t.categoryDescription(name, shopName),
          og: { type: 'website', title: name },
          ...(image ? { image: { ...image, alt: name } } : {}),
          jsonLd: [breadcrumbs([t.home, home], [name, here.canonical])],
        },
      };
    }
    case 'product': {
      const product = await catalogue.product(page.id);
      if (!product) return notFound();
      const title = localized(lang, product.title, product.titleBn);
      const categoryName = localized(lang, product.category, product.categoryBn);
      const written = localized(lang, product.description, product.descriptionBn);
      const description = written.trim() ? shortDescription(written) : t.productDescription(title, product.price, shopName);
      const here = common(`/product/${product.id}`);
      const categoryUrl = common(`/category/${encodeURIComponent(product.category)}`).canonical;
      const images = product.images.map((url) => previewImage(url, base));
      const inStock = product.variants.some((v) => v.stock > 0);
      return {
        status: 200,
        meta: {
          ...here,
          title: documentTitle(title, shopName),
          description,
          og: { type: 'product', title },
          ...(images[0] ? { image: { url: images[0], alt: title } } : {}),
          offer: { price: product.price, inStock },
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'Product',
              name: title,
              description,
              sku: product.id,
              category: categoryName,
              url: here.canonical,
              image: images,
              offers: {
                '@type': 'Offer',
                url: here.canonical,
                price: product.price,
                priceCurrency: 'BDT',
                availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
                itemCondition: 'https://schema.org/NewCondition',
                seller: { '@type': 'Organization', name: shopName },
              },
            },
            breadcrumbs([t.home, home], [categoryName, categoryUrl], [title, here.canonical]),
          ],
        },
      };
    }
  }
}

/**
 * The response cache's key of a page, robots.txt or /sitemap.xml answer (src/platform/http/
 * response-cache.ts, `keyOf`): the page (a category by its name key, so /category/TRADING%20cards
 * shares the entry of /category/Trading%20Cards: the answer is the same), its language, and
 * without PUBLIC_URL its origin. Query parameters other than `lang` change nothing in these
 * answers (?fbclid, ?utm_source, ?q, ?page), so they are not part of the key either.
 *
 * Bounded: kept answers are only 200s (known products and categories; a 404 is never kept), two
 * languages, and at most `maxOrigins` origins: the first ones seen; a request to another origin is
 * answered but not kept, so forged Host headers cannot push the shop's own entries out.
 * undefined: not one of these paths (the cache's other rules apply); null: answer without keeping.
 */
export function pageCacheKeys(addressing: PageAddressing, options: { categoryKey: (name: string) => string; maxOrigins?: number }) {
  const origins = createBoundedMap<true>({ maxEntries: options.maxOrigins ?? 8, maxBytes: 64 * 1024 });
  const originPart = (headers: IncomingHttpHeaders): string | null => {
    if (addressing.publicUrl) return '';
    const origin = requestOrigin((name) => headerText(headers[name]), addressing);
    if (origins.peek(origin)) return origin;
    if (origins.size >= (options.maxOrigins ?? 8)) return null;
    origins.set(origin, true, origin.length * 2);
    return origin;
  };
  return (path: string, search: string, headers: IncomingHttpHeaders): string | null | undefined => {
    if (path === '/robots.txt' || path === '/sitemap.xml') {
      const origin = originPart(headers);
      return origin === null ? null : `${path}\n${origin}`;
    }
    const page = pageOfPath(path);
    if (page === null) return undefined;
    if (page === 'not-found') return null;
    // The app reads the path as a URL parser leaves it (dot steps resolved, `\` as `/`...): a
    // spelling the parser would change is answered but not kept, so it cannot stand for another page.
    if (!isPlainPath(path)) return null;
    const origin = originPart(headers);
    if (origin === null) return null;
    // Chosen by ?lang or by the header: the same tags, but only the second says Vary: Accept-Language.
    const { lang, fromHeader } = pageLanguage(langParamOf(search), headerText(headers['accept-language']));
    const where = page.page === 'product' ? `/product/${page.id}` : page.page === 'category' ? `/category/\n${options.categoryKey(page.name)}` : page.path;
    return `${where}\n${lang}${fromHeader ? ' by header' : ''}\n${origin}`;
  };
}

const isPlainPath = (path: string) => {
  try {
    return new URL(path, 'http://shop.invalid').pathname === path;
  } catch {
    return false;
  }
};

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);
