/**
 * Money rules of an order, pure. All amounts are whole taka (non-negative safe integers).
 *
 * Discount rounding (the rule, written down): the discount is subtotal x percent / 100, rounded
 * to the nearest whole taka, halves rounded up. Percentages are held in basis points (1/100 of a
 * percent) so the arithmetic is exact integers: discount = floor((subtotal x bp + 5000) / 10000).
 * As 0 <= bp <= 10000, 0 <= discount <= subtotal always.
 */

export const deliveryZones = ['Inside Dhaka', 'Suburbs Dhaka', 'Outside Dhaka'] as const;
export type DeliveryZone = (typeof deliveryZones)[number];

/** The spec's fees; 100 BDT is also what checkout shows before a zone is chosen. */
export const deliveryFees: Readonly<Record<DeliveryZone, number>> = {
  'Inside Dhaka': 60,
  'Suburbs Dhaka': 80,
  'Outside Dhaka': 100,
};

export const deliveryFee = (zone: DeliveryZone): number => deliveryFees[zone];

/** A percentage as basis points: 12.5 % -> 1250. Coupons allow two decimals at most. */
export type BasisPoints = number;
export const percentToBasisPoints = (percent: number): BasisPoints => Math.round(percent * 100);
export const basisPointsToPercent = (bp: BasisPoints): number => bp / 100;

export type PricedLine = { unitPrice: number; quantity: number };

export const lineTotal = (line: PricedLine): number => line.unitPrice * line.quantity;

export const subtotalOf = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + lineTotal(line), 0);

export const discountOf = (subtotal: number, bp: BasisPoints): number => Math.floor((subtotal * bp + 5000) / 10000);

export type Totals = { subtotal: number; discountBasisPoints: BasisPoints; discount: number; fee: number; total: number };

/** total = subtotal - discount + fee. */
export function orderTotals(lines: readonly PricedLine[], discountBasisPoints: BasisPoints, zone: DeliveryZone): Totals {
  const subtotal = subtotalOf(lines);
  const discount = discountOf(subtotal, discountBasisPoints);
  const fee = deliveryFee(zone);
  return { subtotal, discountBasisPoints, discount, fee, total: subtotal - discount + fee };
}
