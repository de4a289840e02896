/**
 * A discount code. The percentage is kept in basis points (12.5 % = 1250) so sums stay exact.
 * Its rules (issue 33, decision 059), each optional (null or absent: none): the instant it stops
 * working, the smallest subtotal in taka it takes, and how many orders may use it; `uses` counts
 * the orders placed with it.
 */
export type Coupon = {
  id: string;
  code: string;
  discountBasisPoints: number;
  createdAt: Date;
  expiresAt?: Date | null;
  minOrder?: number | null;
  maxUses?: number | null;
  uses?: number;
};

/** Why a coupon that exists does not work now, or null when it does. */
export type CouponRefusalReason = { kind: 'expired' } | { kind: 'below-minimum'; minOrder: number } | { kind: 'used-up' } | null;

/**
 * The coupon's rules against an order now. `subtotal` (goods before the discount, without
 * delivery) is unknown for a check without one: then the minimum is not asked.
 */
export function couponRefusal(coupon: Coupon, now: Date, subtotal: number | undefined): CouponRefusalReason {
  if (coupon.expiresAt && now.getTime() >= coupon.expiresAt.getTime()) return { kind: 'expired' };
  if (typeof coupon.maxUses === 'number' && (coupon.uses ?? 0) >= coupon.maxUses) return { kind: 'used-up' };
  if (typeof coupon.minOrder === 'number' && subtotal !== undefined && subtotal < coupon.minOrder) return { kind: 'below-minimum', minOrder: coupon.minOrder };
  return null;
}
