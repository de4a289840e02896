/** Coupon codes are compared and stored trimmed and upper-cased, wherever they are typed or sent. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();
