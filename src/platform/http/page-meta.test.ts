import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../shared/escape-html.js';
import { jsonForScript, langParamOf, pageLanguage, pageTexts, shortDescription } from './page-meta.js';
import { pageOfPath, previewImage, requestOrigin } from './web-pages.js';

const webFile = (path: string) => readFileSync(new URL(`../../../web/${path}`, import.meta.url), 'utf8');

describe('the texts of the tags', () => {
  it("name pages as the web app does (routes.ts's titles and the pages namespace in both languages)", () => {
    for (const lang of ['en', 'bn'] as const) {
      const catalog = JSON.parse(webFile(`src/app/messages/pages.${lang}.json`)) as Record<string, string>;
      const texts = pageTexts[lang];
      expect(texts.home).toBe(catalog['pages.Home']);
      expect(texts.allProducts).toBe(catalog['pages.All Products']);
      expect(texts.search).toBe(catalog['pages.Search']);
      expect(texts.notFound).toBe(catalog['pages.Page not found']);
    }
  });

  it("take the home page's English from index.html's own title and description", () => {
    const index = webFile('index.html');
    expect(index).toContain(`<title>%SHOP_NAME% | ${escapeHtml(pageTexts.en.tagline).replace('&#39;', "'")}</title>`);
    expect(index.replace(/\s+/g, ' ')).toContain(`name="description" content="${escapeHtml(pageTexts.en.homeDescription)}"`);
  });
});

describe('JSON-LD in a script element', () => {
  it('reads back unchanged and never holds <, >, & or a line separator, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('</script>', '<!--', '\u2028', '\u2029', '&amp;', '</SCRIPT '), (text, nasty) => {
        const value = { name: `${text}${nasty}${text}` };
        const written = jsonForScript(value);
        return (JSON.parse(written) as typeof value).name === value.name && !/[<>&\u2028\u2029]/.test(written);
      }),
    );
  });
});

describe('descriptions', () => {
  it('collapse spaces and stop at 160 characters, at a word when they can', () => {
    expect(shortDescription('  A  tiger\n\tholding a lantern.  ')).toBe('A tiger holding a lantern.');
    const long = shortDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
    expect(shortDescription('x'.repeat(400))).toHaveLength(160);
  });
});

describe('the language of a page request', () => {
  it('is ?lang when it names one (raw, as the cache reads it), else Accept-Language', () => {
    expect(pageLanguage(langParamOf('q=x&lang=bn'), 'en')).toEqual({ lang: 'bn', fromHeader: false });
    expect(pageLanguage(langParamOf('lang=fr'), 'bn-BD')).toEqual({ lang: 'bn', fromHeader: true });
    expect(pageLanguage(langParamOf('lang=%62n'), undefined)).toEqual({ lang: 'en', fromHeader: true });
    expect(pageLanguage(langParamOf('lang=en&lang=bn'), 'bn')).toEqual({ lang: 'en', fromHeader: false });
    expect(langParamOf('')).toBeNull();
  });
});

describe('paths, origins and pictures', () => {
  it('knows the pages with tags of their own, and the paths of theirs that name nothing', () => {
    expect(pageOfPath('/')).toEqual({ page: 'home', path: '/' });
    expect(pageOfPath('/product/0123456789abcdef01234567')).toEqual({ page: 'product', id: '0123456789abcdef01234567' });
    expect(pageOfPath('/product/ABC')).toBe('not-found');
    expect(pageOfPath('/category/Tom%20%26%20Jerry')).toEqual({ page: 'category', name: 'Tom & Jerry' });
    expect(pageOfPath('/category/A%2FB')).toEqual({ page: 'category', name: 'A/B' });
    for (const bad of ['/category/%E0%A4', '/category/%20', '/category/..']) expect(pageOfPath(bad), bad).toBe('not-found');
    for (const other of ['/about', '/dashboard', '/product/x/y', '/category/a/b']) expect(pageOfPath(other), other).toBeNull();
  });

  it("is PUBLIC_URL, else the request's Host when it is a host name (https only from a trusted proxy)", () => {
    const headers = (h: Record<string, string>) => (name: string) => h[name];
    const addressing = { trustProxy: 0, fallbackOrigin: 'http://localhost:3000' };
    expect(requestOrigin(headers({ host: 'evil.test' }), { ...addressing, publicUrl: 'https://shop.example/' })).toBe('https://shop.example');
    expect(requestOrigin(headers({ host: 'Shop.Example:8080', 'x-forwarded-proto': 'https' }), addressing)).toBe('http://shop.example:8080');
    expect(requestOrigin(headers({ host: 'shop.example', 'x-forwarded-proto': 'http, https' }), { ...addressing, trustProxy: 1 })).toBe('https://shop.example');
    expect(requestOrigin(headers({ host: '[::1]:3000' }), addressing)).toBe('http://[::1]:3000');
    for (const host of ['"><b>', 'a b', 'shop.example/x', 'a@b', '']) expect(requestOrigin(headers({ host }), addressing), host).toBe('http://localhost:3000');
  });

  it("shows the shop's own pictures at their 960 px copy, absolute; others as they are", () => {
    const name = 'a'.repeat(64);
    expect(previewImage(`/uploads/${name}.webp`, 'https://shop.example')).toBe(`https://shop.example/uploads/${name}-960.webp`);
    expect(previewImage(`https://cdn.example/b/${name}.webp`, 'https://shop.example')).toBe(`https://cdn.example/b/${name}-960.webp`);
    expect(previewImage('https://i.ibb.co/x/y.jpg', 'https://shop.example')).toBe('https://i.ibb.co/x/y.jpg');
  });
});
