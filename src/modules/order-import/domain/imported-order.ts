import { deliveryFee, discountOf, feeBeforeZone, subtotalOf, type DeliveryZone } from '../../../shared/money.js';
import type { ImportedSnapshot, OrderLine, OrderStatus } from '../../ordering/index.js';

/**
 * An order of the old shop (issue 19, decision 041) as it becomes an Imported event: what the old
 * client recorded, already read into numbers and texts by the importer.
 */
export type OriginalOrder = {
  owner: { userId: string; email: string };
  name: string;
  phone: string;
  address: string;
  /** '' when the customer left the old checkout's placeholder. */
  deliveryLocation: DeliveryZone | '';
  appliedCoupon: string | null;
  discountBasisPoints: number;
  lines: OrderLine[];
  status: OrderStatus;
  /** As recorded: the old checkout summed floats, so it may hold fractions of a taka. */
  amount: number;
  asRecorded?: { phone?: string; deliveryLocation?: string; paymentMethod?: string };
};

/**
 * The listing's whole taka from a recorded amount: halves go down, to the customer, as the shop's
 * own discount rule rounds a discount's halves up (money.ts); 442.5 becomes 442.
 */
export const wholeTaka = (amount: number): number => Math.max(0, Math.ceil(amount - 0.5));

/**
 * The snapshot of an Imported event. `total` is the recorded amount in whole taka; the fee is the
 * zone's (the old checkout charged 100 until a zone was chosen) and the discount what is left, so
 * that subtotal - discount + fee = total holds for every imported order. When the recorded amount
 * cannot be split that way (prices edited in the old database), the discount (amount above the
 * lines) or the fee (amount under them) takes the difference, never below zero. `note` says so.
 */
export function importedSnapshot(order: OriginalOrder): { snapshot: ImportedSnapshot; note: string | null } {
  const total = wholeTaka(order.amount);
  const subtotal = subtotalOf(order.lines);
  let fee = order.deliveryLocation === '' ? feeBeforeZone : deliveryFee(order.deliveryLocation);
  let discount = subtotal + fee - total;
  if (discount < 0) {
    fee = total - subtotal;
    discount = 0;
  } else if (discount > subtotal) {
    discount = subtotal;
    fee = total;
  }
  const byRules = subtotal - discountOf(subtotal, order.discountBasisPoints) + (order.deliveryLocation === '' ? feeBeforeZone : deliveryFee(order.deliveryLocation));
  const note = byRules === total ? null : `amount ${total} is not what its lines, coupon and zone give (${byRules}): kept as recorded (discount ${discount}, fee ${fee})`;
  const { status, amount, asRecorded, ...placed } = order;
  return {
    snapshot: {
      ...placed,
      paymentMethod: 'Cash On Delivery',
      subtotal,
      discount,
      fee,
      total,
      imported: { status, amount, ...(asRecorded && Object.keys(asRecorded).length ? { asRecorded } : {}) },
    },
    note,
  };
}
