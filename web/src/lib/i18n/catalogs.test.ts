// The catalogues agree: every namespace (`<name>.en.json` beside the code, decision 038) has its
// Bengali twin with the same messages, each a valid ICU message with the same placeholders (a plural
// stays a plural), none empty, none left in English; ids start with the namespace's name and are
// unique across namespaces.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webSrc = fileURLToPath(new URL('../../', import.meta.url));
const LANGS = ['en', 'bn'] as const;

type Catalogue = Record<string, string>;

function findEnglish(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findEnglish(path);
    return entry.name.endsWith('.en.json') ? [path] : [];
  });
}

const namespaces = findEnglish(webSrc).map((enFile) => {
  const name = basename(enFile, '.en.json');
  const files = Object.fromEntries(LANGS.map((lang) => [lang, enFile.replace(/\.en\.json$/, `.${lang}.json`)]));
  const read = (file: string): Catalogue => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : {});
  return { name, where: relative(webSrc, enFile), files, catalogues: Object.fromEntries(LANGS.map((lang) => [lang, read(files[lang]!)])) };
});

/** A message's placeholders ("name", or "name:plural" for a formatted one) and its literal text, from Lingui's compiled form. */
function parts(message: string): { placeholders: string[]; text: string } {
  const found = new Set<string>();
  let text = '';
  const walk = (tokens: unknown): void => {
    if (typeof tokens === 'string') {
      text += `${tokens} `;
      return;
    }
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (typeof token === 'string') text += token;
      if (!Array.isArray(token)) continue;
      const [name, kind, options] = token as [string, string | undefined, Record<string, unknown> | undefined];
      found.add(kind ? `${name}:${kind}` : name);
      for (const branch of Object.values(options ?? {})) walk(branch);
    }
  };
  walk(compileMessage(message));
  return { placeholders: [...found].sort(), text };
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('message catalogues', () => {
  it('are found (the shell, the footer, the home page, the product card at least)', () => {
    expect(namespaces.map((space) => space.name)).toEqual(expect.arrayContaining(['shell', 'footer', 'home', 'product-card']));
  });

  it('have every namespace in every language, with the same messages', () => {
    for (const { where, files, catalogues } of namespaces) {
      for (const lang of LANGS) {
        expect(existsSync(files[lang]!), `${where} has no ${lang} twin`).toBe(true);
        expect(Object.keys(catalogues[lang]!).sort(), `${where} in ${lang}`).toEqual(Object.keys(catalogues.en!).sort());
      }
    }
  });

  it("name every message after its namespace, each id once in the app", () => {
    const seen = new Map<string, string>();
    for (const { name, where, catalogues } of namespaces) {
      for (const id of Object.keys(catalogues.en!)) {
        expect(id.startsWith(`${camel(name)}.`), `${where}: ${id} does not start with ${camel(name)}.`).toBe(true);
        expect(seen.get(id), `${id} is in ${where} and ${seen.get(id)}`).toBeUndefined();
        seen.set(id, where);
      }
    }
  });

  it('have no empty message, and each compiles', () => {
    for (const { where, catalogues } of namespaces) {
      for (const [lang, catalogue] of Object.entries(catalogues)) {
        for (const [id, message] of Object.entries(catalogue)) {
          expect(typeof message === 'string' && message.trim(), `${where} ${lang} ${id} is empty`).toBeTruthy();
          expect(() => compileMessage(message), `${where} ${lang} ${id}`).not.toThrow();
        }
      }
    }
  });

  it('give each message the same placeholders in every language', () => {
    for (const { where, catalogues } of namespaces) {
      for (const [id, message] of Object.entries(catalogues.en!)) {
        const expected = parts(message).placeholders;
        for (const lang of LANGS) {
          expect(parts(catalogues[lang]![id] ?? '').placeholders, `${where} ${lang} ${id}`).toEqual(expected);
        }
      }
    }
  });

  it('leave no Bengali message in English', () => {
    for (const { where, catalogues } of namespaces) {
      for (const [id, message] of Object.entries(catalogues.bn!)) {
        // Its placeholders aside, a Bengali message has no Latin word.
        expect(parts(message).text, `${where} bn ${id} reads "${message}"`).not.toMatch(/[A-Za-z]{2,}/);
      }
    }
  });
});
