/**
 * The money rules of checkout, the same as the server's (docs/api/ordering.md), so that the total the
 * page shows is the total the server computes: amounts are whole taka; the discount is
 * subtotal x percent / 100 rounded to the nearest taka, halves up; total = subtotal - discount + fee.
 * The server stays the authority: it refuses an order whose shown total differs (409 ordering/total-changed).
 */

export const DELIVERY_LOCATIONS = [
  { value: 'Inside Dhaka', fee: 60 },
  { value: 'Suburbs Dhaka', fee: 80 },
  { value: 'Outside Dhaka', fee: 100 },
] as const;

export type DeliveryLocation = (typeof DELIVERY_LOCATIONS)[number]['value'];

/** What checkout shows before a location is chosen. */
export const DEFAULT_DELIVERY_FEE = 100;

export const PAYMENT_METHODS = ['Cash On Delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isDeliveryLocation(value: string): value is DeliveryLocation {
  return DELIVERY_LOCATIONS.some((location) => location.value === value);
}

/** The fee of a location; 100 BDT for none (or an unknown one). */
export function deliveryFeeFor(location: string): number {
  return DELIVERY_LOCATIONS.find((entry) => entry.value === location)?.fee ?? DEFAULT_DELIVERY_FEE;
}

/**
 * Coupons have at most two decimals, so the percentage is held in basis points (12.5 % = 1250) and the
 * rounding is done in integers: floor((subtotal x bp + 5000) / 10000) is "nearest, halves up".
 */
export function discountFor(subtotal: number, percent: number): number {
  if (!(percent > 0) || subtotal <= 0) return 0;
  const basisPoints = Math.round(Math.min(percent, 100) * 100);
  return Math.floor((subtotal * basisPoints + 5000) / 10000);
}

export type PricedLine = { unitPrice: number; quantity: number };

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

export type OrderTotals = {
  subtotal: number;
  /** 0 without a coupon. */
  discountPercent: number;
  discount: number;
  fee: number;
  /** subtotal - discount + fee: the `amount` sent with the order. */
  total: number;
};

export function orderTotals(subtotal: number, discountPercent: number, location: string): OrderTotals {
  const discount = discountFor(subtotal, discountPercent);
  const fee = deliveryFeeFor(location);
  return { subtotal, discountPercent, discount, fee, total: subtotal - discount + fee };
}
