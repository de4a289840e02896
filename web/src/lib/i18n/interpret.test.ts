// interpret() shows a compiled message as @lingui/core's runtime would: checked on every message of
// every catalogue (decision 038), with small counts (`#` is the shop's number, locale-format.ts, where
// Lingui's is Intl's: they differ from 1,000 up, in the grouping only).
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { interpret, type CompiledMessage, type MessageValues } from './interpret';

const webSrc = fileURLToPath(new URL('../../', import.meta.url));

function catalogues(dir: string): { file: string; lang: 'en' | 'bn'; messages: Record<string, string> }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return catalogues(path);
    const lang = /\.(en|bn)\.json$/.exec(entry.name)?.[1] as 'en' | 'bn' | undefined;
    return lang ? [{ file: path, lang, messages: JSON.parse(readFileSync(path, 'utf8')) as Record<string, string> }] : [];
  });
}

const samples: MessageValues[] = [
  { count: 0, year: '2026', shopName: 'Anime Shop', category: 'Figures', price: '4500 BDT' },
  { count: 1, year: '2026', shopName: 'X', category: 'Cards', price: '১২০ টাকা' },
  { count: 2 },
  { count: 99 },
];

describe('interpret', () => {
  it('agrees with @lingui/core on every message of every catalogue', () => {
    for (const { file, lang, messages } of catalogues(webSrc)) {
      const lingui = setupI18n({ locale: lang, messages: { [lang]: messages } });
      for (const [id, message] of Object.entries(messages)) {
        for (const values of samples) {
          expect(interpret(compileMessage(message) as CompiledMessage, values, lang), `${file} ${id}`).toBe(lingui._(id, values));
        }
      }
    }
  });

  it('handles plural (=N, one, other, #) and placeholders', () => {
    const message = compileMessage('{n, plural, =0 {none} one {# item of {who}} other {# items}}; {who}') as CompiledMessage;
    expect(interpret(message, { n: 0, who: 'me' }, 'en')).toBe('none; me');
    expect(interpret(message, { n: 1, who: 'me' }, 'en')).toBe('1 item of me; me');
    expect(interpret(message, { n: 12345, who: 'আমি' }, 'bn')).toBe('১২,৩৪৫ items; আমি');
  });
});
