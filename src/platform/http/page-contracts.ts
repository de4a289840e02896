import { z } from 'zod';
import type { RouteContract } from './contract.js';
import { acceptLanguageHeader } from './accept-language.js';

/**
 * The pages and files for crawlers (issue 21, decision 042), written here for the OpenAPI
 * document: web-app.ts and sitemap.ts serve them (they are not JSON routes, so no ContractRouter).
 */
const tag = 'Pages';
const lang = z.enum(['en', 'bn']).optional().meta({ description: 'The language of the tags (and of the app); without it, Accept-Language decides.' });
const language = {
  query: z.object({ lang }),
  headers: { 'accept-language': acceptLanguageHeader },
} as const;
const tags =
  'index.html (the web app) with this page\'s own <title>, meta description, canonical URL with hreflang alternates, Open Graph and Twitter card tags and JSON-LD in its head, before any script. Absolute URLs start at PUBLIC_URL, else at the request\'s origin. Vary: Accept-Language when no `lang` is given.';
const page = (description: string) => ({ 200: { description: `${description} ${tags}`, type: 'text/html' } });
const notFoundPage =
  'A product or category that does not exist answers 404 with the not-found page (an HTML page, so not listed below as an error): the same index.html with the not-found title and `<meta name="robots" content="noindex">`.';

/** The web app's pages with their own tags (served with the web app only). */
export const pageContracts: RouteContract[] = [
  { method: 'get', path: '/', tag, access: 'public', summary: 'The home page, with its link preview', ...language, answers: page('og:type website and a WebSite JSON-LD with its SearchAction.') },
  {
    method: 'get',
    path: '/product/:id',
    tag,
    access: 'public',
    summary: 'A product page, with its link preview',
    description: notFoundPage,
    params: { id: z.string() },
    ...language,
    answers: page(
      'og:type product, the first picture (its 960 px copy when the shop stored it), product:price:amount and product:price:currency BDT, and JSON-LD: a Product with its Offer (price, BDT, InStock or OutOfStock) and a BreadcrumbList Home > category > product.',
    ),
  },
  {
    method: 'get',
    path: '/category/:name',
    tag,
    access: 'public',
    summary: 'A category page, with its link preview',
    description: notFoundPage,
    params: { name: z.string().meta({ description: 'The category\'s name (case and surrounding spaces ignored).' }) },
    ...language,
    answers: page('The category\'s name (Bengali when shown), its newest product\'s picture, a BreadcrumbList.'),
  },
  { method: 'get', path: '/allproductandcategories', tag, access: 'public', summary: 'Every product, with its link preview', ...language, answers: page('The newest product\'s picture, a BreadcrumbList.') },
  {
    method: 'get',
    path: '/search',
    tag,
    access: 'public',
    summary: 'The search page, with its link preview',
    description: 'Its tags do not depend on `q` (noindex, follow): one answer per language.',
    ...language,
    answers: page('The search page\'s tags.'),
  },
];

/** robots.txt and the sitemap (served with or without the web app). */
export const crawlerFileContracts: RouteContract[] = [
  {
    method: 'get',
    path: '/robots.txt',
    tag,
    access: 'public',
    summary: 'Rules for crawlers',
    answers: { 200: { description: 'Keeps /dashboard and /api out (but the public reads the pages render from) and names /sitemap.xml.', type: 'text/plain' } },
  },
  {
    method: 'get',
    path: '/sitemap.xml',
    tag,
    access: 'public',
    summary: 'The sitemap',
    answers: {
      200: {
        description:
          'Every product and category page with its lastmod, and / and /allproductandcategories. Up to 50,000 URLs (at most 10,000 of them list pages and categories) a <urlset>; a larger catalogue makes it a <sitemapindex> of /sitemap-categories-<n>.xml and /sitemap-products-<n>.xml.',
        type: 'application/xml',
      },
    },
  },
  {
    method: 'get',
    path: '/:file{sitemap-(?:categories|products)-[0-9]{1,7}\\.xml}',
    tag,
    access: 'public',
    summary: 'One file of a large sitemap',
    description: '`sitemap-categories-<n>.xml` (the list pages, then categories by name) or `sitemap-products-<n>.xml` (products by id), n from 1; streamed.',
    params: { file: z.string().regex(/^sitemap-(?:categories|products)-[0-9]{1,7}\.xml$/) },
    answers: { 200: { description: 'A <urlset>.', type: 'application/xml' } },
    errors: ['http/not-found'],
  },
];
