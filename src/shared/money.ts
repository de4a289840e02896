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

/** total = subtotal - discount + fee. */
export function orderTotals(lines: readonly PricedLine[], discountBasisPoints: BasisPoints, zone: DeliveryZone): Totals {
  const subtotal = subtotalOf(lines);
  const discount = discountOf(subtotal, discountBasisPoints);
  const fee = deliveryFee(zone);
  return { subtotal, discountBasisPoints, discount, fee, total: subtotal - discount + fee };
}
