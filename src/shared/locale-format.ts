/**
 * How the shop writes money and numbers in each of its languages (dates: locale-dates.ts, a module of
 * its own so that the web's entry chunk, which writes prices, does not carry the date code that only
 * lazy pages use). Pure (no I/O, no node:*): the web app, emails, SMS and PDFs share it.
 *
 * - English: thousands separators ("4,500 BDT", "375,130 BDT", as the SMS always wrote them; issue
 *   33), dates as the web shows them ("21 Nov 2025", "21 Nov 2025, 13:49": Intl 'en-GB', medium).
 * - Bengali: Bengali digits with Indian grouping (lakh, crore): "৪,৫০০ টাকা", "১,২৩,৪৫,৬৭৮";
 *   dates via Intl 'bn-BD' ("২১ নভে, ২০২৫, ১৩:৪৯"), 24-hour clock so that no Latin "AM"/"PM"
 *   is left on a Bengali page.
 * - A number that names something (an order number: "10088", "১০০৮৮") is never grouped: formatDigits.
 *
 * Numbers are grouped by hand, not by Intl: the result is the same on every runtime (a Node built
 * with small ICU, any browser) and tests can read it exactly. Dates are in the shop's time
 * (Asia/Dhaka, see shop-time.ts), whatever the viewer's zone: the instant is moved to Dhaka's wall
 * clock and formatted as UTC, so no time zone data is needed either.
 */
export type Lang = 'en' | 'bn';

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'bn';

/** The Bengali digits ০..৯ (U+09E6..U+09EF). */
const BENGALI_ZERO = 0x09e6;

/** Every ASCII digit of `text` as its Bengali digit; the rest unchanged. */
export const toBengaliDigits = (text: string): string =>
  text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + d.charCodeAt(0) - 48));

/** Every Bengali digit of `text` as its ASCII digit; the rest unchanged (the inverse of toBengaliDigits). */
export const fromBengaliDigits = (text: string): string =>
  text.replace(/[\u09e6-\u09ef]/g, (d) => String.fromCharCode(48 + d.charCodeAt(0) - BENGALI_ZERO));

/** "12345678" -> "1,23,45,678": the last three digits, then pairs (thousand, lakh, crore, ...). */
export function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/** "1234567" -> "1,234,567": groups of three (English). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** The plain decimal digits of a finite number without exponent: 1e21 -> "1000000000000000000000". */
function plainDecimal(abs: number): string {
  const text = String(abs);
  if (!text.includes('e')) return text;
  if (abs >= 1) return BigInt(Math.trunc(abs)).toString();
  return abs.toFixed(20).replace(/\.?0+$/, '');
}

/** A quantity: en grouped by thousands ("4,500", "12.5"); bn in Bengali digits with lakh grouping ("৪,৫০০", "১২.৫"). */
export function formatNumber(n: number, lang: Lang): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole = '0', fraction] = plainDecimal(Math.abs(n)).split('.');
  const sign = n < 0 ? '-' : '';
  const text = `${sign}${lang === 'bn' ? groupLakh(whole) : groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
  return lang === 'bn' ? toBengaliDigits(text) : text;
}

/** A number that names something, an order number: its digits in the language's script, never grouped ("10088", "১০০৮৮"). */
export const formatDigits = (n: number | string, lang: Lang): string => (lang === 'bn' ? toBengaliDigits(String(n)) : String(n));

/** Whole taka: en "4,500 BDT" (the spec's "{price} BDT", grouped like the SMS); bn "৪,৫০০ টাকা". */
export function formatMoney(amount: number, lang: Lang): string {
  const taka = Number.isFinite(amount) ? Math.round(amount) : amount;
  return `${formatNumber(taka, lang)} ${lang === 'bn' ? 'টাকা' : 'BDT'}`;
}
