/**
 * How the shop writes money, numbers and dates in each of its languages. Pure (no I/O, no node:*):
 * the web app, emails, SMS and PDFs share it.
 *
 * - English stays as the shop has always written it: "4500 BDT" (no separators), plain numbers,
 *   dates as the web shows them ("21 Nov 2025", "21 Nov 2025, 13:49": Intl 'en-GB', medium).
 * - Bengali: Bengali digits with Indian grouping (lakh, crore): "৪,৫০০ টাকা", "১,২৩,৪৫,৬৭৮";
 *   dates via Intl 'bn-BD' ("২১ নভে, ২০২৫, ১৩:৪৯"), 24-hour clock so that no Latin "AM"/"PM"
 *   is left on a Bengali page.
 *
 * Numbers are grouped by hand, not by Intl: the result is the same on every runtime (a Node built
 * with small ICU, any browser) and tests can read it exactly. Dates are in the shop's time
 * (Asia/Dhaka, see shop-time.ts), whatever the viewer's zone: the instant is moved to Dhaka's wall
 * clock and formatted as UTC, so no time zone data is needed either.
 */
import { dhakaWallClock } from './shop-time.js';

export type Lang = 'en' | 'bn';

export const langs: readonly Lang[] = ['en', 'bn'];

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

/** The plain decimal digits of a finite number without exponent: 1e21 -> "1000000000000000000000". */
function plainDecimal(abs: number): string {
  const text = String(abs);
  if (!text.includes('e')) return text;
  if (abs >= 1) return BigInt(Math.trunc(abs)).toString();
  return abs.toFixed(20).replace(/\.?0+$/, '');
}

/** A number: en as JavaScript writes it ("4500", "12.5"); bn in Bengali digits with lakh grouping ("৪,৫০০", "১২.৫"). */
export function formatNumber(n: number, lang: Lang): string {
  if (lang === 'en' || !Number.isFinite(n)) return String(n);
  const [whole = '0', fraction] = plainDecimal(Math.abs(n)).split('.');
  const sign = n < 0 ? '-' : '';
  return toBengaliDigits(`${sign}${groupLakh(whole)}${fraction ? `.${fraction}` : ''}`);
}

/** Whole taka: en "4500 BDT" (as the spec writes prices); bn "৪,৫০০ টাকা". */
export function formatMoney(amount: number, lang: Lang): string {
  const taka = Number.isFinite(amount) ? Math.round(amount) : amount;
  return lang === 'bn' ? `${formatNumber(taka, 'bn')} টাকা` : `${taka} BDT`;
}

type DateFormats = { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat };

const cache: Partial<Record<Lang, DateFormats>> = {};

/** Both languages' formats, built once. The wall clock is already Dhaka's, so they format in UTC. */
function formats(lang: Lang): DateFormats {
  const made = cache[lang];
  if (made) return made;
  const locale = lang === 'bn' ? 'bn-BD' : 'en-GB';
  const extra: Intl.DateTimeFormatOptions = lang === 'bn' ? { numberingSystem: 'beng', hourCycle: 'h23' } : {};
  const built: DateFormats = {
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC', ...extra }),
    dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC', ...extra }),
  };
  cache[lang] = built;
  return built;
}

/** Whether this runtime has Bengali date names (a Node built with small ICU has not). */
let bengaliDates: boolean | undefined;
const hasBengaliDates = (): boolean =>
  (bengaliDates ??= Intl.DateTimeFormat.supportedLocalesOf(['bn-BD', 'bn']).length > 0);

/** CLDR's short Bengali month names, as 'bn-BD' writes them (used only without Intl's Bengali data). */
const BENGALI_MONTHS = ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'];

/** The same text as 'bn-BD' medium, by hand: "২১ নভে, ২০২৫" and ", ১৩:৪৯". */
export function bengaliDateByHand(wall: Date, withTime: boolean): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${wall.getUTCDate()} ${BENGALI_MONTHS[wall.getUTCMonth()]}, ${wall.getUTCFullYear()}`;
  const time = withTime ? `, ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}` : '';
  return toBengaliDigits(date + time);
}

/** The instant of `at`, or undefined when it is not a readable date. A bare day "2025-11-21" is that day in Dhaka. */
function instant(at: Date | string): number | undefined {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return Number.isNaN(time) ? undefined : time;
}

function formatAt(at: Date | string, lang: Lang, withTime: boolean): string {
  const time = instant(at);
  if (time === undefined) return typeof at === 'string' ? at : String(at);
  const wall = dhakaWallClock(time);
  if (lang === 'bn' && !hasBengaliDates()) return bengaliDateByHand(wall, withTime);
  const { date, dateTime } = formats(lang);
  return (withTime ? dateTime : date).format(wall);
}

/** The shop's day of an instant: en "21 Nov 2025"; bn "২১ নভে, ২০২৫". An unreadable text comes back as it is. */
export const formatDate = (at: Date | string, lang: Lang): string => formatAt(at, lang, false);

/** An instant in Dhaka time: en "21 Nov 2025, 13:49"; bn "২১ নভে, ২০২৫, ১৩:৪৯". An unreadable text comes back as it is. */
export const formatDateTime = (at: Date | string, lang: Lang): string => formatAt(at, lang, true);
