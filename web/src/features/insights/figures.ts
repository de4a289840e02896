import { lowStockAt, type Variant } from '../../../../src/shared/stock';
import { dayMs, type Bucket } from './dashboard-state';

/** How the dashboard writes its figures: taka as the shop writes prices ("4500 BDT"), shares as percents. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "4500 BDT": whole taka, as every price of the shop is written. */
export const formatTaka = (amount: number): string => `${Math.round(amount)} BDT`;

/** A share (0..1) as a percent with at most one decimal: 0.125 -> "12.5%", 1/3 -> "33.3%", 0 -> "0%". */
export function formatShare(share: number): string {
  const safe = Number.isFinite(share) ? Math.min(Math.max(share, 0), 1) : 0;
  return `${Math.round(safe * 1000) / 10}%`;
}

/** A chart axis's amount, short enough for a phone: 950, 9500, "45k", "1.2M". */
export function compactTaka(amount: number): string {
  const abs = Math.abs(amount);
  const short = (value: number, unit: string) => `${Math.round(value * 10) / 10}${unit}`;
  if (abs >= 1_000_000) return short(amount / 1_000_000, 'M');
  if (abs >= 10_000) return short(amount / 1_000, 'k');
  return String(Math.round(amount));
}

/** "25 Nov 2026" of a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const at = new Date(dayMs(day));
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** A bucket by its first day (the first week or month of a range may start mid-way): "25 Nov 2026", "Week of 22 Nov 2026", "Nov 2026". */
export function bucketLabel(start: string, bucket: Bucket): string {
  if (bucket === 'day') return formatDay(start);
  if (bucket === 'week') return `Week of ${formatDay(start)}`;
  const at = new Date(dayMs(start));
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** The chart's axis label of a bucket, shorter: "25 Nov", "Nov 2026". */
export function axisLabel(start: string, bucket: Bucket): string {
  const at = new Date(dayMs(start));
  return bucket === 'month' ? `${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}` : `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`;
}

const BUCKET_WORDS: Record<Bucket, string> = { day: 'day', week: 'week', month: 'month' };

/**
 * What the chart says to a screen reader (its aria-label): the range, the total, the best bucket.
 * The table under it holds every number.
 */
export function chartSummary(points: readonly { start: string; revenue: number }[], bucket: Bucket, from: string, to: string): string {
  const range = `from ${formatDay(from)} to ${formatDay(to)}`;
  const total = points.reduce((sum, p) => sum + p.revenue, 0);
  if (total === 0) return `Confirmed revenue by ${BUCKET_WORDS[bucket]} ${range}: no confirmed sales.`;
  const best = points.reduce((top, p) => (p.revenue > top.revenue ? p : top));
  return `Confirmed revenue by ${BUCKET_WORDS[bucket]} ${range}: ${formatTaka(total)} in total, the most ${formatTaka(best.revenue)} in ${bucketLabel(best.start, bucket)}.`;
}

/** The variants at lowStockAt or fewer, fewest first, at most `shown` of them: "L: sold out · M, Red: 2". */
export function lowVariantsText(variants: readonly Variant[], shown = 3): string {
  const low = variants.filter((v) => v.stock <= lowStockAt).sort((a, b) => a.stock - b.stock);
  const text = low.slice(0, shown).map((v) => {
    const name = [v.size, v.color].filter(Boolean).join(', ');
    const left = v.stock <= 0 ? 'sold out' : String(v.stock);
    return name ? `${name}: ${left}` : left === 'sold out' ? 'Sold out' : `${left} left`;
  });
  const more = low.length - shown;
  return more > 0 ? `${text.join(' · ')} · ${more} more` : text.join(' · ');
}
