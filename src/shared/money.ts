/**
 * The shop's money rules, pure (no I/O, no node:*), so the server and the web app compute the same
 * totals. All amounts are whole taka (BDT, non-negative safe integers).
 *
 * Discount rounding (the rule, written down): the discount is subtotal x percent / 100, rounded
 * to the nearest whole taka, halves rounded up. Percentages are held in basis points (1/100 of a
 * percent) so the arithmetic is exact integers: discount = floor((subtotal x bp + 5000) / 10000).
 * As 0 <= bp <= 10000, 0 <= discount <= subtotal always.
 */

export const deliveryZones = ['Inside Dhaka', 'Suburbs Dhaka', 'Outside Dhaka'] as const;
export type DeliveryZone = (typeof deliveryZones)[number];

export const isDeliveryZone = (value: string): value is DeliveryZone => (deliveryZones as readonly string[]).includes(value);

/** The spec's fees. */
export const deliveryFees: Readonly<Record<DeliveryZone, number>> = {
  'Inside Dhaka': 60,
  'Suburbs Dhaka': 80,
  'Outside Dhaka': 100,
};

/** The spec's fee until a zone is chosen (what checkout shows first). */
export const feeBeforeZone = 100;

export const deliveryFee = (zone: DeliveryZone): number => deliveryFees[zone];

/** A percentage as basis points: 12.5 % -> 1250. Coupons allow two decimals at most. */
export type BasisPoints = number;
export const percentToBasisPoints = (percent: number): BasisPoints => Math.round(percent * 100);
export const basisPointsToPercent = (bp: BasisPoints): number => bp / 100;
/** Whether a percentage has at most two decimals, i.e. is a whole number of basis points (0.29 * 100 is 28.999...). */
export const isWholeBasisPoints = (percent: number): boolean => Math.abs(percent * 100 - percentToBasisPoints(percent)) < 1e-6;

export type PricedLine = { unitPrice: number; quantity: number };

export const lineTotal = (line: PricedLine): number => line.unitPrice * line.quantity;

export const subtotalOf = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + lineTotal(line), 0);

export const discountOf = (subtotal: number, bp: BasisPoints): number => Math.floor((subtotal * bp + 5000) / 10000);

export type Totals = { subtotal: number; discountBasisPoints: BasisPoints; discount: number; fee: number; total: number };

/**
 * What the shop's staff give on an order they take for a customer (issue 36, decision 064): a
 * discount in whole taka on top of the coupon's, and the delivery fee waived. Absent on every
 * other order; `{ discount: 0, feeWaived: false }` is the same as none.
 */
export type Allowance = { discount: number; feeWaived: boolean };

/**
 * The staff's discount an order gets: what was given, at most what is left of the goods after the
 * coupon (an order is never paid for below nothing; an edit that drops lines may leave less).
 */
export const shopDiscountOf = (subtotal: number, couponDiscount: number, given: number): number => Math.max(0, Math.min(given, subtotal - couponDiscount));

/**
 * total = subtotal - discount + fee. `discount` is the coupon's (subtotal x percent, rounded) plus
 * the staff's allowance, if any (shopDiscountOf); `fee` is the zone's, or 0 when the allowance waives it.
 */
export function orderTotals(lines: readonly PricedLine[], discountBasisPoints: BasisPoints, zone: DeliveryZone, allowance?: Allowance): Totals {
  const subtotal = subtotalOf(lines);
  const coupon = discountOf(subtotal, discountBasisPoints);
  const discount = coupon + (allowance ? shopDiscountOf(subtotal, coupon, allowance.discount) : 0);
  const fee = allowance?.feeWaived ? 0 : deliveryFee(zone);
  return { subtotal, discountBasisPoints, discount, fee, total: subtotal - discount + fee };
}

/** The coupon's part of an order's discount and the staff's part (what orderTotals added up). */
export function discountParts(totals: Pick<Totals, 'subtotal' | 'discountBasisPoints' | 'discount'>): { coupon: number; shop: number } {
  const coupon = Math.min(discountOf(totals.subtotal, totals.discountBasisPoints), totals.discount);
  return { coupon, shop: totals.discount - coupon };
}

/**
 * What the shop gives away on an order (the limit per role, STAFF_DISCOUNT_MAX, is on this): the
 * staff's discount it gets and the delivery fee it waives.
 */
export const givenAway = (totals: Pick<Totals, 'subtotal' | 'discountBasisPoints' | 'discount'>, zone: DeliveryZone, allowance: Allowance): number =>
  discountParts(totals).shop + (allowance.feeWaived ? deliveryFee(zone) : 0);
