import { escapeHtml } from '../../shared/escape-html.js';
import { formatMoney, isLang, type Lang } from '../../shared/locale-format.js';
import { languageOf } from './accept-language.js';

/**
 * The head of a page as link previews (Facebook, Messenger, WhatsApp, X) and search engines read
 * it without running JavaScript (issue 21, decision 042): title, description, canonical URL with
 * its language alternates, Open Graph, Twitter card and JSON-LD. Pure: web-pages.ts finds what a
 * path shows, web-app.ts puts the tags into index.html.
 */
export type PageMeta = {
  lang: Lang;
  /** The whole <title>, as the web app sets document.title ("{page} | {shop}"). */
  title: string;
  description: string;
  /** Absolute; also og:url. */
  canonical: string;
  /** Absolute URL of the page in each language (hreflang); English is also x-default. */
  alternates: Record<Lang, string>;
  siteName: string;
  og: { type: 'product' | 'website'; title: string };
  /** Absolute, at least 600 px wide when the shop stored it (the 960 px copy). */
  image?: { url: string; alt: string };
  /** A product's price (whole taka) and availability. */
  offer?: { price: number; inStock: boolean };
  /** Structured data, each written as its own <script type="application/ld+json">. */
  jsonLd: object[];
  /** `noindex`: pages search engines should not list (not found, search results). */
  robots?: string;
};

/** Open Graph's locales of the shop's languages. */
const ogLocale: Record<Lang, string> = { en: 'en_US', bn: 'bn_BD' };

/**
 * The language of a page request: `?lang=bn|en` (what the web app reads first too), else
 * Accept-Language. `fromHeader` says the answer depends on the header (Vary: Accept-Language).
 */
export function pageLanguage(langParam: string | null | undefined, acceptLanguage: string | null | undefined): { lang: Lang; fromHeader: boolean } {
  if (isLang(langParam)) return { lang: langParam, fromHeader: false };
  return { lang: languageOf(acceptLanguage), fromHeader: true };
}

/** The `?lang=` value of a raw query string (its first, as URLSearchParams reads it), without decoding anything else. */
export function langParamOf(search: string): string | null {
  for (const part of search.split('&')) {
    if (part.startsWith('lang=')) return part.slice(5);
    if (part === 'lang') return '';
  }
  return null;
}

/**
 * JSON for a <script type="application/ld+json">: `<`, `>` and `&` as \u escapes, so no text in it
 * (a title holding `</script>` or `<!--`) can end the element or change how it is parsed; U+2028
 * and U+2029 too, for any reader that takes the block as JavaScript. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A description for a meta tag: spaces collapsed, at most `max` characters, cut at a word when it can be. */
export function shortDescription(text: string, max = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The tags of `meta`, one a line, every value escaped; they replace index.html's generic title and description. */
export function renderHead(meta: PageMeta): string {
  const attr = escapeHtml;
  const property = (name: string, content: string) => `<meta property="${name}" content="${attr(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${attr(content)}" />`;
  const other: Lang = meta.lang === 'en' ? 'bn' : 'en';
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    ...(meta.robots ? [named('robots', meta.robots)] : []),
    `<link rel="canonical" href="${attr(meta.canonical)}" />`,
    `<link rel="alternate" hreflang="en" href="${attr(meta.alternates.en)}" />`,
    `<link rel="alternate" hreflang="bn" href="${attr(meta.alternates.bn)}" />`,
    `<link rel="alternate" hreflang="x-default" href="${attr(meta.alternates.en)}" />`,
    property('og:site_name', meta.siteName),
    property('og:type', meta.og.type),
    property('og:title', meta.og.title),
    property('og:description', meta.description),
    property('og:url', meta.canonical),
    property('og:locale', ogLocale[meta.lang]),
    property('og:locale:alternate', ogLocale[other]),
    ...(meta.image ? [property('og:image', meta.image.url), property('og:image:alt', meta.image.alt)] : []),
    ...(meta.offer
      ? [
          property('product:price:amount', String(meta.offer.price)),
          property('product:price:currency', 'BDT'),
          property('product:availability', meta.offer.inStock ? 'in stock' : 'out of stock'),
        ]
      : []),
    named('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.og.title),
    named('twitter:description', meta.description),
    ...(meta.image ? [named('twitter:image', meta.image.url), named('twitter:image:alt', meta.image.alt)] : []),
    ...meta.jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
  return lines.join('\n    ');
}

/**
 * The texts of the tags, in both languages. Page names are routes.ts's titles and the web app's
 * pages namespace (web/src/app/messages/pages.*.json); the home page's English is index.html's own
 * title and description (page-meta.test.ts checks both stay equal).
 */
export const pageTexts = {
  en: {
    home: 'Home',
    allProducts: 'All Products',
    search: 'Search',
    notFound: 'Page not found',
    tagline: 'Anime & Trading Card Merchandise',
    homeDescription: 'Anime figures, trading cards, apparel and collectibles in Bangladesh. Prices in BDT, cash on delivery.',
    allProductsDescription: (shop: string) => `Every product of ${shop}: anime figures, trading cards, apparel and collectibles. Prices in BDT, cash on delivery.`,
    categoryDescription: (category: string, shop: string) => `${category} at ${shop}. Prices in BDT, cash on delivery across Bangladesh.`,
    searchDescription: (shop: string) => `Search the products of ${shop}.`,
    productDescription: (title: string, price: number, shop: string) => `${title}: ${formatMoney(price, 'en')} at ${shop}. Cash on delivery across Bangladesh.`,
  },
  bn: {
    home: 'হোম',
    allProducts: 'সব পণ্য',
    search: 'খুঁজুন',
    notFound: 'পাতাটি পাওয়া যায়নি',
    tagline: 'অ্যানিমে ও ট্রেডিং কার্ডের পণ্য',
    homeDescription: 'বাংলাদেশে অ্যানিমে ফিগার, ট্রেডিং কার্ড, পোশাক ও সংগ্রহের জিনিস। দাম টাকায়, ক্যাশ অন ডেলিভারি।',
    allProductsDescription: (shop: string) => `${shop}-এর সব পণ্য: অ্যানিমে ফিগার, ট্রেডিং কার্ড, পোশাক ও সংগ্রহের জিনিস। দাম টাকায়, ক্যাশ অন ডেলিভারি।`,
    categoryDescription: (category: string, shop: string) => `${shop}-এ ${category}। দাম টাকায়, সারা বাংলাদেশে ক্যাশ অন ডেলিভারি।`,
    searchDescription: (shop: string) => `${shop}-এর পণ্য খুঁজুন।`,
    productDescription: (title: string, price: number, shop: string) => `${title}: ${formatMoney(price, 'bn')}, ${shop}। সারা বাংলাদেশে ক্যাশ অন ডেলিভারি।`,
  },
} as const satisfies Record<Lang, unknown>;

/** "{page} | {shop}", as the web app writes document.title (web/src/app/route-handle.ts). */
export const documentTitle = (page: string, shopName: string) => `${page} | ${shopName}`;
