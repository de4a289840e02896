import { formatDate } from '../../../../src/shared/locale-dates';
import { formatMoney, formatNumber, type Lang } from '../../../../src/shared/locale-format';
import { lowStockAt, type Variant } from '../../../../src/shared/stock';
import type { Translate } from '../../lib/i18n/i18n';
import { dayMs, type Bucket } from './dashboard-state';
import type { InsightsId } from './messages/insights';

/**
 * How the dashboard writes its figures, in the language shown: taka as the shop writes prices
 * ("4,500 BDT", "৪,৫০০ টাকা"), shares as percents, days as the web writes them. `t` is the
 * component's `useT(insightsMessages)`.
 */
export type Words = { t: Translate<InsightsId>; lang: Lang };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "4,500 BDT" / "৪,৫০০ টাকা": whole taka, as every price of the shop is written. */
export const formatTaka = (amount: number, lang: Lang): string => formatMoney(amount, lang);

/** A share (0..1) as a percent with at most one decimal: 0.125 -> "12.5%" ("১২.৫%"), 1/3 -> "33.3%", 0 -> "0%". */
export function formatShare(share: number, lang: Lang): string {
  const safe = Number.isFinite(share) ? Math.min(Math.max(share, 0), 1) : 0;
  return `${formatNumber(Math.round(safe * 1000) / 10, lang)}%`;
}

/**
 * A chart axis's amount, short enough for a phone: 950, 9500, "45k", "1.2M"; in Bengali by
 * thousand, lakh and crore ("৪৫ হাজার", "১.৩ লাখ").
 */
export function compactTaka(amount: number, { t, lang }: Words): string {
  const abs = Math.abs(amount);
  const round = (value: number) => Math.round(value * 10) / 10;
  if (lang === 'bn') {
    if (abs >= 10_000_000) return t('insights.figure.crore', { amount: formatNumber(round(amount / 10_000_000), lang) });
    if (abs >= 100_000) return t('insights.figure.lakh', { amount: formatNumber(round(amount / 100_000), lang) });
    if (abs >= 10_000) return t('insights.figure.thousand', { amount: formatNumber(round(amount / 1_000), lang) });
    return formatNumber(Math.round(amount), lang);
  }
  if (abs >= 1_000_000) return `${round(amount / 1_000_000)}M`;
  if (abs >= 10_000) return `${round(amount / 1_000)}k`;
  return String(Math.round(amount));
}

/** "25 Nov 2026" of a YYYY-MM-DD day; in Bengali "২৫ নভে, ২০২৬". */
export function formatDay(day: string, lang: Lang): string {
  const at = new Date(dayMs(day));
  if (lang === 'bn') return formatDate(at, lang);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** "Nov 2026" / "নভে ২০২৬". */
function monthLabel(start: string, lang: Lang): string {
  const at = new Date(dayMs(start));
  if (lang === 'bn') return formatDay(start, lang).replace(/^[০-৯]+\s+/, '').replace(',', '');
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** A bucket by its first day (the first week or month of a range may start mid-way): "25 Nov 2026", "Week of 22 Nov 2026", "Nov 2026". */
export function bucketLabel(start: string, bucket: Bucket, { t, lang }: Words): string {
  if (bucket === 'day') return formatDay(start, lang);
  if (bucket === 'week') return t('insights.figure.weekOf', { day: formatDay(start, lang) });
  return monthLabel(start, lang);
}

/** The chart's axis label of a bucket, shorter: "25 Nov", "Nov 2026" ("২৫ নভে", "নভে ২০২৬"). */
export function axisLabel(start: string, bucket: Bucket, lang: Lang): string {
  if (bucket === 'month') return monthLabel(start, lang);
  if (lang === 'bn') return formatDay(start, lang).replace(/,?\s*[০-৯]+$/, '');
  const at = new Date(dayMs(start));
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`;
}

const BUCKET_WORDS = { day: 'insights.summary.day', week: 'insights.summary.week', month: 'insights.summary.month' } as const;

/**
 * What the chart says to a screen reader (its aria-label): the range, the total, the best bucket.
 * The table under it holds every number.
 */
export function chartSummary(points: readonly { start: string; revenue: number }[], bucket: Bucket, from: string, to: string, words: Words): string {
  const { t, lang } = words;
  const range = { bucket: t(BUCKET_WORDS[bucket]), from: formatDay(from, lang), to: formatDay(to, lang) };
  const total = points.reduce((sum, p) => sum + p.revenue, 0);
  if (total === 0) return t('insights.summary.none', range);
  const best = points.reduce((top, p) => (p.revenue > top.revenue ? p : top));
  return t('insights.summary.some', {
    ...range,
    total: formatTaka(total, lang),
    best: formatTaka(best.revenue, lang),
    bestBucket: bucketLabel(best.start, bucket, words),
  });
}

/** The variants at lowStockAt or fewer, fewest first, at most `shown` of them: "L: sold out · M, Red: 2". */
export function lowVariantsText(variants: readonly Variant[], { t, lang }: Words, shown = 3): string {
  const low = variants.filter((v) => v.stock <= lowStockAt).sort((a, b) => a.stock - b.stock);
  const text = low.slice(0, shown).map((v) => {
    const name = [v.size, v.color].filter(Boolean).join(', ');
    const soldOut = v.stock <= 0;
    if (name) return `${name}: ${soldOut ? t('insights.figure.soldOut') : formatNumber(v.stock, lang)}`;
    return soldOut ? t('insights.figure.soldOutAlone') : t('insights.figure.left', { count: formatNumber(v.stock, lang) });
  });
  const more = low.length - shown;
  return more > 0 ? `${text.join(' · ')} · ${t('insights.figure.more', { count: formatNumber(more, lang) })}` : text.join(' · ');
}
