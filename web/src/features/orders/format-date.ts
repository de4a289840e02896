import { formatDateTime as formatShopDateTime } from '../../../../src/shared/locale-dates';
import type { Lang } from '../../../../src/shared/locale-format';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "21 Nov 2025, 13:49" in the viewer's time zone; the raw text for an unreadable date. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTime.format(time);
}

/** English as formatDateTime; Bengali as the shop writes it (src/shared/locale-dates.ts: Bengali digits, Dhaka time). */
export function formatDateTimeFor(iso: string, lang: Lang): string {
  return lang === 'en' ? formatDateTime(iso) : formatShopDateTime(iso, 'bn');
}
