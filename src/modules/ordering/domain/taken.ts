import type { Allowance } from '../../../shared/money.js';
import type { TakenChannel } from '../../../shared/staff-orders.js';

/**
 * An order taken by the shop's staff for a person without an account (issue 36, decision 064): on
 * the phone, from Messenger or a Facebook comment, at the counter. Its owner is the person's
 * customer record (`customer:<id>`, the customers module's, keyed by the phone), never the staff
 * member, who is the Placed event's actor and named here too (the desk lists who took it). It may
 * give a discount in taka and waive the delivery fee, each with the staff member's reason.
 */
export type Taken = {
  channel: TakenChannel;
  /** Who took it: the Placed event's actor (the listing keeps it with the order). */
  by: { userId: string; email: string };
  /** The staff's discount as given, in whole taka (the order's totals apply at most the goods left after the coupon). */
  discount?: { amount: number; reason: string };
  /** The delivery fee waived, and why. */
  feeWaived?: { reason: string };
};

/** A customer record as an order's owner: its id in the customers module, under a prefix no user id has. */
export const customerOwner = (customerId: string): string => `customer:${customerId}`;
export const isCustomerOwner = (ownerUserId: string): boolean => ownerUserId.startsWith('customer:');

/** What the order's totals give: the staff's discount and the fee waived (none on an order not taken). */
export const allowanceOf = (placed: { taken?: Taken | undefined }): Allowance | undefined =>
  placed.taken ? { discount: placed.taken.discount?.amount ?? 0, feeWaived: placed.taken.feeWaived !== undefined } : undefined;
