/** A discount code. The percentage is kept in basis points (12.5 % = 1250) so sums stay exact. */
export type Coupon = { id: string; code: string; discountBasisPoints: number; createdAt: Date };
