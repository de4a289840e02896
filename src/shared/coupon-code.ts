import { fromBengaliDigits } from './locale-format.js';

/** Coupon codes are compared and stored trimmed, upper-cased and in ASCII digits (a Bengali keyboard types ১০ for 10; issue 33), wherever they are typed or sent. */
export const normalizeCouponCode = (code: string): string => fromBengaliDigits(code.trim()).toUpperCase();

/** What a code may be made of, at most `maxCouponCodeLength` of them (the admin form checks it too). */
export const couponCodeCharacters = /^[A-Za-z0-9_-]+$/;
export const maxCouponCodeLength = 32;
