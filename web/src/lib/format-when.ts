import { formatDateTime as formatShopDateTime } from '../../../src/shared/locale-dates';
import type { Lang } from '../../../src/shared/locale-format';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "29 Nov 2026, 16:35" in English (the viewer's zone, as the order pages write times); Bengali as the shop writes it (Dhaka time). */
export const formatWhen = (iso: string, lang: Lang): string =>
  lang === 'bn' ? formatShopDateTime(iso, 'bn') : Number.isNaN(Date.parse(iso)) ? iso : dateTime.format(Date.parse(iso));
