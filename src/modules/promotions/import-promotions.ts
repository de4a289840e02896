import type { Coupon } from './domain/coupon.js';
import type { Slider } from './domain/slider.js';
import type { CouponStore, SliderStore } from './ports.js';

/** A coupon and a slide of the old shop (issue 19, decision 041). */
export type CouponToImport = Coupon;
export type SliderToImport = Slider;

export type ImportedCouponOutcome = { outcome: 'added' | 'exists' } | { outcome: 'merged'; into: string };

/** A coupon by its code: a code that exists keeps its discount (the shop's own, or the first of the old duplicates). */
export async function importCoupon(coupons: CouponStore, coupon: CouponToImport, dryRun: boolean): Promise<ImportedCouponOutcome> {
  const existing = await coupons.byCode(coupon.code);
  if (existing) return existing.id === coupon.id ? { outcome: 'exists' } : { outcome: 'merged', into: existing.id };
  if (!dryRun && !(await coupons.insert(coupon))) return { outcome: 'exists' };
  return { outcome: 'added' };
}

/** Slides by id (or the same picture): the home page shows a handful, so the list is read whole. */
export async function importSliders(sliders: SliderStore, batch: readonly SliderToImport[], dryRun: boolean): Promise<Array<{ outcome: 'added' | 'exists' }>> {
  const known = await sliders.list();
  const outcomes: Array<{ outcome: 'added' | 'exists' }> = [];
  for (const slider of batch) {
    if (known.some((k) => k.id === slider.id || k.image === slider.image)) {
      outcomes.push({ outcome: 'exists' });
      continue;
    }
    if (!dryRun) await sliders.insert(slider);
    known.push(slider);
    outcomes.push({ outcome: 'added' });
  }
  return outcomes;
}
