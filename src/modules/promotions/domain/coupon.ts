/** A discount code. The percentage is kept in basis points (12.5 % = 1250) so sums stay exact. */
export type Coupon = { id: string; code: string; discountBasisPoints: number; createdAt: Date };

/** Codes are compared and stored trimmed and upper-cased. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();
