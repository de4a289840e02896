import { formatNumber, type Lang } from '../../../../src/shared/locale-format';

/**
 * A message in Lingui's compiled form (what `compileMessage` of @lingui/message-utils makes of an ICU
 * message, decision 038): text, `[name]` for a placeholder, `[name, 'plural', cases]` (and kinds the shop
 * does not use yet).
 * Plain text may stay a string.
 */
export type CompiledMessage = string | readonly CompiledToken[];
type CompiledToken = string | readonly [name: string, kind?: string, cases?: Readonly<Record<string, CompiledMessage>>];

export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * A compiled message with its values, in `lang`: the part of @lingui/core's interpolation the shop's
 * catalogues use (placeholders, plural with `#` and `=N` cases), 0.3 kB instead of its 2.4 kB gzipped
 * (interpret.test.ts checks both agree on every message, so a message using more, `select` say, fails
 * there until this learns it). `#` is written as the shop writes numbers
 * (locale-format.ts: Bengali digits in Bengali). Numbers, money and dates are formatted by the caller.
 */
export function interpret(message: CompiledMessage, values: MessageValues, lang: Lang, count?: number): string {
  if (typeof message === 'string') return message;
  let text = '';
  for (const token of message) {
    if (typeof token === 'string') {
      text += token === '#' && count !== undefined ? formatNumber(count, lang) : token;
      continue;
    }
    const [name, kind, cases = {}] = token;
    const value = values[name];
    if (kind === 'plural') {
      const n = Number(value);
      const chosen = cases[String(n)] ?? cases[new Intl.PluralRules(lang).select(n)] ?? cases.other ?? '';
      text += interpret(chosen, values, lang, n);
    } else if (value !== undefined) {
      text += String(value);
    }
  }
  return text;
}
