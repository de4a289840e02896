import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A page's path is written in web/src/app/routes.ts only; everywhere else the app links through the
// table (PAGES.product.link(id), PAGES.login.link()). This scans web/src for a string that starts
// with a page's path, so that a new `navigate('/login')` or `` `/product/${id}` `` fails here.
const repo = join(import.meta.dirname, '..', '..');
const web = join(repo, 'web', 'src');
const table = join(web, 'app', 'routes.ts');
/** The pages' paths, which routes.ts reads (decision 054): outside web/src, so not scanned below. */
const pagePaths = join(repo, 'src', 'shared', 'page-paths.ts');

/** The first segments of the table's paths (`dashboard`, `product`, ...); `/` itself is the home page. */
function firstSegments(routes: string): string[] {
  const paths = [...routes.matchAll(/(?:page\(|path: |^ {2}\w+: )'(\/[^']*)'/gm)].map((m) => m[1] as string);
  return [...new Set(paths.map((path) => path.split('/')[1]).filter((segment): segment is string => !!segment && segment !== '*'))];
}

/** The source without its comments (which may name a path: "the first paint of `/`"). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The page-path literals of a source's code: a quote (', ", `) then a page's path, or the home page '/'. */
function pageLiterals(source: string, segments: string[]): string[] {
  const escaped = segments.map((s) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  const literal = new RegExp(`(['"\`])/(?:(?:${escaped.join('|')})(?=[/?#'"\`$])|(?=[?#'"\`]))[^'"\`]*`, 'g');
  return [...code(source).matchAll(literal)].map((m) => m[0].slice(1));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const segments = firstSegments(readFileSync(pagePaths, 'utf8') + readFileSync(table, 'utf8'));

describe('page paths', () => {
  it('reads the pages of the table', () => {
    expect(segments).toEqual(expect.arrayContaining(['product', 'category', 'dashboard', 'login', 'allproductandcategories']));
  });

  it('finds a page path written as a literal, and not an API path', () => {
    const found = (text: string) => pageLiterals(text, segments);
    expect(found(`navigate('/login', { replace: true })`)).toEqual(['/login']);
    expect(found('<Link to="/dashboard/addcoupon">')).toEqual(['/dashboard/addcoupon']);
    expect(found('to={`/product/${encodeURIComponent(id)}`}')).toEqual(['/product/${encodeURIComponent(id)}']);
    expect(found(`<a href="/">`)).toEqual(['/']);
    expect(found('`/dashboard/allorders?${query}`')).toEqual(['/dashboard/allorders?${query}']);
    expect(found(`ky.get('/api/products')`)).toEqual([]);
    expect(found(`api('/api/orders/' + id)`)).toEqual([]);
    expect(found(`const s = '/productsx';`)).toEqual([]);
    expect(found("// the first paint of `/`\n/* navigate('/login') */ const ok = 1;")).toEqual([]);
  });

  it('is written nowhere in web/src but the table', () => {
    const found = sources(web)
      .filter((file) => file !== table)
      .flatMap((file) => pageLiterals(readFileSync(file, 'utf8'), segments).map((literal) => `${relative(repo, file)}: ${literal}`));
    expect(found).toEqual([]);
  });
});
