/**
 * How the shop writes dates in each of its languages (money and numbers: locale-format.ts). Apart
 * from locale-format.ts because the web's entry chunk writes prices but no dates: a module both use
 * would carry this code into the entry chunk (decision 038's budget).
 *
 * - English as the web shows them: "21 Nov 2025", "21 Nov 2025, 13:49" (Intl 'en-GB', medium).
 * - Bengali via Intl 'bn-BD' ("২১ নভে, ২০২৫, ১৩:৪৯"), 24-hour clock so that no Latin "AM"/"PM" is
 *   left on a Bengali page; by hand where the runtime has no Bengali date data.
 *
 * Dates are in the shop's time (Asia/Dhaka, see shop-time.ts), whatever the viewer's zone: the
 * instant is moved to Dhaka's wall clock and formatted as UTC, so no time zone data is needed.
 */
import { toBengaliDigits, type Lang } from './locale-format.js';
import { dhakaWallClock } from './shop-time.js';

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
