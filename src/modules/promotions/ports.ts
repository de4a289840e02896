import type { Page, Paged } from '../../shared/page.js';
import type { Coupon } from './domain/coupon.js';
import type { Slider } from './domain/slider.js';

/** Synchronous storage (decision 001). */
export type SliderStore = {
  /** Newest first. */
  list(): Slider[];
  count(): number;
  insert(slider: Slider): void;
  delete(id: string): number;
};

export type CouponStore = {
  /** One page, newest first, and how many coupons there are. */
  page(page: Page): Paged<Coupon>;
  byCode(code: string): Coupon | null;
  insert(coupon: Coupon): void;
  delete(id: string): number;
};
