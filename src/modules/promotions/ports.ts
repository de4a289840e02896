import type { Page, Paged } from '../../shared/page.js';
import type { Coupon } from './domain/coupon.js';
import type { Slider } from './domain/slider.js';

/** Asynchronous storage (decision 024). */
export type SliderStore = {
  /** Newest first. */
  list(): Promise<Slider[]>;
  count(): Promise<number>;
  insert(slider: Slider): Promise<void>;
  delete(id: string): Promise<number>;
};

export type CouponStore = {
  /** One page, newest first, and how many coupons there are. */
  page(page: Page): Promise<Paged<Coupon>>;
  byCode(code: string): Promise<Coupon | null>;
  /** False, and nothing stored, when the code exists. */
  insert(coupon: Coupon): Promise<boolean>;
  delete(id: string): Promise<number>;
  /** One more use, only while under its limit (one conditional update): false when it is used up. */
  countUse(id: string): Promise<boolean>;
};
