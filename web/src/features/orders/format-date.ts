import type { Lang } from '../../../../src/shared/locale-format';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
// As src/shared/locale-format.ts writes it in Bengali ("২১ নভে, ২০২৫, ১৩:৪৯", Dhaka time), made here: importing
// its formatDateTime into a lazy chunk moved the whole module, date code and all, into the entry chunk (budget).
const bengaliDateTime = new Intl.DateTimeFormat('bn-BD', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Dhaka',
  numberingSystem: 'beng',
  hourCycle: 'h23',
});

/** "21 Nov 2025, 13:49" in the viewer's time zone; the raw text for an unreadable date. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTime.format(time);
}

/** English as formatDateTime; Bengali in Bengali digits, Dhaka time. */
export function formatDateTimeFor(iso: string, lang: Lang): string {
  if (lang === 'en') return formatDateTime(iso);
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : bengaliDateTime.format(time);
}
