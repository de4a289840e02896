import { defineConfig, minifySync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// The app's own modules (the Navbar, the table of pages): npm run build:web and dev load this config
// with --configLoader runner, which resolves them as the app does.
import { renderStaticShell } from './src/app/layouts/static-shell.js';
import { compileCatalogs } from './src/lib/i18n/compile-catalogs.js';
import { PAGE_PREFETCH, PAGES, SHOP_LAYOUT_PREFETCH, type PageName } from './src/app/routes.js';
import { DEFAULT_SHOP_NAME } from './src/features/site/api/get-site-config.js';
import { BANNER_SIZES, FULL_IMAGE_WIDTH, GALLERY_SIZES, PRODUCT_GRID_SIZES } from './src/lib/image-srcset.js';
import { MAX_PAGE, PAGE_SIZE } from './src/lib/paging.js';
import { escapeHtml } from '../src/shared/escape-html.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const reactRouterDist = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));

/**
 * The name the dev server writes into index.html. A build keeps `%SHOP_NAME%` in its title,
 * application-name and static header: the server writes the SHOP_NAME it runs with there
 * (src/platform/http/web-app.ts), so one built image serves any shop's name from the first paint.
 */
const devShopName = process.env.SHOP_NAME?.trim() || DEFAULT_SHOP_NAME;
const shopNamePlaceholder = '%SHOP_NAME%';

/** A page's path as a pattern over location.pathname: `:name` becomes the named group `name`. */
function pathPattern(path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^${escaped.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`;
}

/**
 * Writes, in index.html's <div id="root">, the static header rendered from the Navbar itself
 * (web/src/app/layouts/static-shell.tsx), and in the dev server the shop's name.
 */
function staticShell(): Plugin {
  const placeholder = /<!-- static-shell:[^>]*-->/;
  return {
    name: 'shop:static-shell',
    transformIndexHtml: {
      order: 'pre',
      handler(html, { server }) {
        if (!placeholder.test(html)) throw new Error('staticShell: index.html has no <!-- static-shell: ... --> in #root');
        const shell = html.replace(placeholder, () => renderStaticShell(shopNamePlaceholder));
        return server ? shell.replaceAll(shopNamePlaceholder, () => escapeHtml(devShopName)) : shell;
      },
    },
  };
}

/**
 * Writes into index.html (never cached, so always in step with the hashed files), on the script tag of
 * public/prefetch.js, its table, from web/src/app/routes.ts: for the shop layout and each page that
 * prefetches, the pattern of its path, the JS and CSS files of its lazy chunk (the entry's own files
 * left out), and the API requests to start; and the `sizes` of the first banner, a product's first
 * photo and a product card, so that it preloads the srcset candidate the <img> will pick.
 */
function prefetchAssets(): Plugin {
  return {
    name: 'shop:prefetch-assets',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        // The dev server has no chunks: its pages get their requests started, not their code.
        const chunks = Object.values(bundle ?? {}).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loaded = entry ? closure(entry.fileName) : new Set<string>();
        const codeOf = (source: string | undefined): string[] => {
          if (!source || !bundle) return [];
          const page = chunks.find((chunk) => chunk.facadeModuleId === `${webRoot}${source}`);
          if (!page) throw new Error(`prefetchAssets: no chunk for ${source}`);
          const files = [...closure(page.fileName)].filter((file) => !loaded.has(file));
          const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
          return [...files, ...new Set(css)];
        };
        const dashboard = pathPattern(PAGES.dashboard.path).slice(1, -1);
        const pages = [
          // Every page but the dashboard's is in the shop layout.
          { match: `^(?!${dashboard}(?:/|$))`, code: [], requests: SHOP_LAYOUT_PREFETCH.requests ?? [] },
          ...Object.entries(PAGE_PREFETCH).map(([name, prefetch]) => ({
            match: pathPattern(PAGES[name as PageName].path),
            code: codeOf(prefetch.code),
            requests: prefetch.requests ?? [],
          })),
        ];
        const images = {
          banner: { sizes: BANNER_SIZES, fullWidth: FULL_IMAGE_WIDTH },
          gallery: { sizes: GALLERY_SIZES },
          card: { sizes: PRODUCT_GRID_SIZES },
        };
        // Each other language's file of every message (compileCatalogs), asked for at once by a page in it.
        const messages = Object.fromEntries(
          Object.values(bundle ?? {}).flatMap((item) => {
            const lang = item.type === 'asset' ? /^messages\.(\w+)\.json$/.exec(item.names[0] ?? '')?.[1] : undefined;
            return lang ? [[lang, `/${item.fileName}`]] : [];
          }),
        );
        const table = { pages, images, pageSize: PAGE_SIZE, maxPage: MAX_PAGE, messages };
        const attribute = JSON.stringify(table).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
        const tag = '<script src="/prefetch.js"';
        if (!html.includes(tag)) throw new Error('prefetchAssets: index.html does not load /prefetch.js');
        return html.replace(tag, () => `${tag} data-assets="${attribute}"`);
      },
    },
  };
}

/**
 * Puts the entry's stylesheet into index.html as a <style> (the CSP allows inline styles, not scripts):
 * the page shell that index.html carries is painted with the HTML itself, before any other file arrives.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'shop:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>`;
        });
      },
    },
  };
}

/**
 * public/prefetch.js is copied as written, comments included; minified it is half the bytes, and it
 * counts in the JavaScript `/` loads first (tests/performance/web-budget.test.ts).
 */
function minifyPrefetchScript(): Plugin {
  // The build's own output folder (an experiment may build elsewhere than web/dist).
  let outDir = join(webRoot, 'dist');
  return {
    name: 'shop:minify-prefetch-script',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const file = join(outDir, 'prefetch.js');
      const { code, errors } = minifySync('prefetch.js', readFileSync(file, 'utf8'));
      if (errors.length > 0) throw new Error(`minifyPrefetchScript: ${errors.map((e) => e.message).join('; ')}`);
      writeFileSync(file, code);
    },
  };
}

// The SPA is served by the shop's own server in production (same origin, no CORS);
// in development the Vite server proxies /api to it.
export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react(), compileCatalogs(), staticShell(), prefetchAssets(), inlineEntryCss(), minifyPrefetchScript()],
  resolve: {
    // react-router's package exports resolve to its development build under every condition; the build
    // takes its production build (the same code without the development warnings): less JS for `/`.
    alias: [
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Read by tests/performance/web-budget.test.ts: the JS that `/` loads before it is interactive.
    manifest: true,
    target: 'es2022',
    // Every browser that runs es2022 modules but Safari before 17 knows modulepreload; there the
    // polyfill would only start the same downloads a little earlier, for 0.6 kB more of `/`.
    modulePreload: {
      polyfill: false,
      // A lazy chunk's list of files to preload leaves out the entry's own (index, vendor, Rolldown's
      // runtime: see chunkFileNames): they are loaded before any lazy chunk is asked for, and each
      // name in the list is bytes of the entry (issue 20).
      // index.html's own modulepreload links (hostType 'html') stay as they are.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !/^assets\/(index|vendor)-/.test(dep)),
    },
    rolldownOptions: {
      output: {
        // The lazy chunks, the Bengali catalogues and the lazy pages' stylesheets by their hash alone
        // (7 characters: Rolldown's least for this many chunks): each is named in the JS of `/` (an
        // import, a fetch, a list of files to preload), and their names were 0.5 kB of it gzipped. The
        // files `/` loads first keep a name (index, vendor, vendor-rt: Rolldown's runtime) so that
        // resolveDependencies above can leave them out.
        chunkFileNames: (chunk) => {
          if (chunk.name === 'vendor') return 'assets/vendor-[hash].js';
          if (chunk.name === 'rolldown-runtime') return 'assets/vendor-rt-[hash:7].js';
          // Named in no file of `/` (the dashboard's pages import them): tests/e2e/dashboard.spec.ts
          // tells them by name.
          return /^(uPlot|dashboard-home-page)/.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash:7].js';
        },
        assetFileNames: (asset) => {
          const name = asset.names[0] ?? '';
          if (/^vendor.*\.css$/.test(name)) return 'assets/vendor-[hash:7][extname]';
          return /\.(json|css)$/.test(name) && !name.startsWith('index') ? 'assets/[hash:7][extname]' : 'assets/[name]-[hash][extname]';
        },
        codeSplitting: {
          // The libraries every page runs in one file, not eight small shared ones: fewer requests
          // queue on the few connections of a phone before the first page can render. react-dom
          // needs scheduler; react-router-dom re-exports react-router. Only what `/` loads ($initial):
          // the parts a lazy page alone uses (useMutation, say) stay in that page's chunks.
          // The app's languages (lib/i18n, lib/messages) and lib/http-errors, which every page uses too:
          // left out, Rolldown gave each a small chunk of its own, whose wrapping cost 1.6 and 0.1 kB of `/`.
          // ky is not part of `/` (web/src/lib/api-client.ts loads it): the test only names it for a
          // build that would bring it back.
          groups: [
            {
              name: 'vendor',
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/]query-core|@tanstack[\\/]react-query|ky)[\\/]|[\\/]web[\\/]src[\\/]lib[\\/](i18n[\\/]|messages[\\/]|http-errors)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: '127.0.0.1',
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      '/uploads': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
    },
  },
}));
