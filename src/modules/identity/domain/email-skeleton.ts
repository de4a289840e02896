/**
 * Look-alike emails (issue 40): `аlice@example.com` with a Cyrillic `а`, or `aliće@example.com`,
 * read as `alice@example.com` in the admin's list, on an invoice or in a mail, but are other
 * addresses. normalizeEmail makes one spelling of one address; the skeleton makes one spelling of
 * everything that looks like it, so a new account whose email looks like an existing one can be
 * refused, and the sign-in limits can count look-alike spellings as one email.
 *
 * The skeleton is a comparison key, never stored as the address nor mailed to: NFKC (fullwidth and
 * other compatibility forms), case folded, combining accents removed, and the non-Latin
 * letters that look like Latin ones in lower case replaced by them (Cyrillic, Greek, Armenian and
 * a few Latin letters without a decomposition: a small subset of Unicode's confusables.txt, the
 * one that matters for addresses typed in Latin letters). ASCII is left as it is, so two different
 * plain-ASCII addresses never share a skeleton (`rn` and `m`, `l` and `1` stay apart: mail
 * providers tell them apart, and so do the people who own them).
 *
 * Changing the table changes stored skeletons: the users' `email_skeleton` column is filled at
 * start for rows where it is null, so a change that matters comes with a migration that sets the
 * column to null.
 */

/** Lower-case letters (after NFKC, case folding and removing marks) that look like a Latin letter. */
const lookAlikes: Record<string, string> = {
  // Cyrillic
  а: 'a', // U+0430
  в: 'b', // U+0432 (small-capital look, as ʙ)
  г: 'r', // U+0433
  ԁ: 'd', // U+0501
  е: 'e', // U+0435
  һ: 'h', // U+04BB
  і: 'i', // U+0456
  ј: 'j', // U+0458
  к: 'k', // U+043A
  ӏ: 'l', // U+04CF (palochka)
  м: 'm', // U+043C
  н: 'h', // U+043D (small-capital look, as ʜ)
  о: 'o', // U+043E
  п: 'n', // U+043F
  р: 'p', // U+0440
  ԛ: 'q', // U+051B
  с: 'c', // U+0441
  ѕ: 's', // U+0455
  т: 't', // U+0442
  у: 'y', // U+0443
  ү: 'y', // U+04AF
  ѵ: 'v', // U+0475
  ԝ: 'w', // U+051D
  х: 'x', // U+0445
  ь: 'b', // U+044C
  ѡ: 'w', // U+0461
  // Greek
  α: 'a', // U+03B1
  β: 'b', // U+03B2
  γ: 'y', // U+03B3
  ε: 'e', // U+03B5
  η: 'n', // U+03B7
  ι: 'i', // U+03B9
  κ: 'k', // U+03BA
  ν: 'v', // U+03BD
  ο: 'o', // U+03BF
  ρ: 'p', // U+03C1
  σ: 'o', // U+03C3
  τ: 't', // U+03C4
  υ: 'u', // U+03C5
  χ: 'x', // U+03C7
  ω: 'w', // U+03C9
  ϲ: 'c', // U+03F2 (lunate sigma)
  ϳ: 'j', // U+03F3
  // Armenian
  օ: 'o', // U+0585
  ս: 'u', // U+057D
  հ: 'h', // U+0570
  ո: 'n', // U+0578
  ց: 'g', // U+0581
  զ: 'q', // U+0566
  // Latin letters with no decomposition, and IPA look-alikes
  ı: 'i', // U+0131 dotless i
  ȷ: 'j', // U+0237 dotless j
  ɩ: 'i', // U+0269
  ɑ: 'a', // U+0251
  ɡ: 'g', // U+0261
  ɢ: 'g', // U+0262
  ʜ: 'h', // U+029C
  ʙ: 'b', // U+0299
  ɴ: 'n', // U+0274
  ʀ: 'r', // U+0280
  ꮃ: 'w', // U+AB83 (Cherokee small letter, lower case of Ꮃ)
  ø: 'o', // U+00F8
  đ: 'd', // U+0111
  ð: 'd', // U+00F0
  ħ: 'h', // U+0127
  ł: 'l', // U+0142
  ŧ: 't', // U+0167
  ɨ: 'i', // U+0268
  ƀ: 'b', // U+0180
  ɇ: 'e', // U+0247
  æ: 'ae', // U+00E6
  œ: 'oe', // U+0153
  ß: 'ss', // U+00DF (case folding)
  ς: 'o', // U+03C2 final sigma, folded to σ
};

// The combining diacritics Latin, Cyrillic and Greek letters decompose into (and the extended
// blocks): not the vowel signs of Bengali and other scripts, which are letters' parts, not accents.
const accentRanges: ReadonlyArray<readonly [number, number]> = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];
const isAccent = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return accentRanges.some(([from, to]) => code >= from && code <= to);
};
const withoutAccents = (text: string) => Array.from(text, (ch) => (isAccent(ch) ? '' : ch)).join('');
const nonAscii = /[^\x00-\x7f]/gu; // eslint-disable-line no-control-regex -- the whole ASCII range

/**
 * One key for every email that looks like this one: equal skeletons, same-looking addresses.
 * Accepts any spelling (it normalises first); the answer is lower case and mostly ASCII.
 */
export function emailSkeleton(email: string): string {
  const folded = withoutAccents(email.normalize('NFKC').trim().toLowerCase().normalize('NFD'));
  return folded.replace(nonAscii, (ch) => lookAlikes[ch] ?? ch).normalize('NFC');
}

/** Scripts told apart when a part of an address mixes them; a letter of any other script is `other`. */
const scripts = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Cherokee', 'Hebrew', 'Arabic', 'Bengali', 'Devanagari', 'Thai', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo'].map(
  (name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const,
);
const neutral = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Scripts written together (UTS 39's "highly restrictive" sets): Japanese, Chinese with Bopomofo, Korean. */
const writtenTogether = [new Set(['Han', 'Hiragana', 'Katakana']), new Set(['Han', 'Bopomofo']), new Set(['Han', 'Hangul'])];

function scriptsOf(part: string): Set<string> {
  const found = new Set<string>();
  for (const ch of part) {
    if (neutral.test(ch)) continue;
    found.add(scripts.find(([, re]) => re.test(ch))?.[0] ?? 'other');
  }
  return found;
}

const mixes = (part: string) => {
  const found = scriptsOf(part);
  return found.size > 1 && !writtenTogether.some((set) => [...found].every((s) => set.has(s)));
};

/**
 * True when the local part, or one label of the domain, mixes letters (or digits) of different
 * scripts, as `pаypal` with one Cyrillic letter does: no one writes their own address that way.
 * Digits, punctuation and marks belong to no script here.
 */
export function mixesScripts(email: string): boolean {
  const normal = email.normalize('NFKC').toLowerCase();
  const at = normal.lastIndexOf('@');
  const local = at < 0 ? normal : normal.slice(0, at);
  const domain = at < 0 ? '' : normal.slice(at + 1);
  return mixes(local) || domain.split('.').some(mixes);
}
