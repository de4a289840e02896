import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A namespace's catalogue in one language (`footer.en.json`, `footer.bn.json`), by the name of its source. */
export const CATALOGUE = /\.(?:en|bn)\.json(?:\?.*)?$/;

/** The name (before the build's hash) of the file holding every message of `lang`. */
export const allMessagesFile = (lang: string): string => `messages.${lang}.json`;

/** A catalogue's messages (ICU MessageFormat) in Lingui's compiled form, as JSON still. */
function compileCatalogue(json: string): string {
  const source = JSON.parse(json) as Record<string, string>;
  const compile = (message: string) => {
    const compiled = compileMessage(message);
    // Plain text stays a string (interpret.ts shows it as it is): a few bytes less a message.
    return Array.isArray(compiled) && compiled.length === 1 && typeof compiled[0] === 'string' ? compiled[0] : compiled;
  };
  return JSON.stringify(Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compile(message)])));
}

/**
 * Compiles the message catalogues (`<namespace>.<lang>.json`, beside the code that shows them) for the browser's build, so that
 * it needs neither Lingui's parser nor its compiler (decision 038): English, imported by the entry
 * chunk, as Vite's JSON plugin reads it; the other languages, files fetched as data
 * (`new URL(..., import.meta.url)`), as their assets are written. Defines __SHOP_CATALOGUES_COMPILED__,
 * which leaves Lingui's compiler out of the bundle.
 */
export function compileCatalogs(): Plugin {
  return {
    name: 'shop:compile-catalogs',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      define: { __SHOP_CATALOGUES_COMPILED__: 'true' },
      // A catalogue stays a file of its own, never a data: URL inlined in the chunk that fetches it.
      build: { assetsInlineLimit: (file: string) => (CATALOGUE.test(file) ? false : undefined) },
    }),
    transform(code, id) {
      return CATALOGUE.test(id) ? { code: compileCatalogue(code), map: null } : null;
    },
    generateBundle(_options, bundle) {
      // Every catalogue of a language, merged (ids are unique across namespaces): one file a page in that
      // language asks for, started by prefetch.js beside the app's code (issue 33 point 11).
      const everything = new Map<string, Record<string, unknown>>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.originalFileNames.some((name) => CATALOGUE.test(name))) continue;
        file.source = compileCatalogue(String(file.source));
        const lang = /\.(\w+)\.json(?:\?.*)?$/.exec(file.originalFileNames[0] ?? '')?.[1];
        if (!lang) continue;
        const merged = everything.get(lang) ?? {};
        for (const [id, message] of Object.entries(JSON.parse(file.source) as Record<string, unknown>)) {
          if (id in merged) this.error(`compileCatalogs: the message id ${id} is in two ${lang} catalogues`);
          merged[id] = message;
        }
        everything.set(lang, merged);
      }
      for (const [lang, merged] of everything) {
        this.emitFile({ type: 'asset', name: allMessagesFile(lang), source: JSON.stringify(merged) });
      }
    },
  };
}
