/** Coupon codes are compared and stored trimmed and upper-cased, wherever they are typed or sent. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

/** What a code may be made of, at most `maxCouponCodeLength` of them (the admin form checks it too). */
export const couponCodeCharacters = /^[A-Za-z0-9_-]+$/;
export const maxCouponCodeLength = 32;
