import { appError, type AppError } from '../../../shared/errors.js';
import { orderTotals, type DeliveryZone } from '../../../shared/money.js';
import { err, ok, type Result } from '../../../shared/result.js';
import type { StockLine } from '../../../shared/stock.js';
import { actorCan, type Actor } from './actor.js';
import type { OrderLine } from './line.js';
import { allowanceOf, type Taken } from './taken.js';

/**
 * An order changed after it was placed (issue 36): its lines and quantities, the address, the
 * phone, the zone, at a customer's request, while it is Pending or Confirmed and no parcel is out.
 * One Edited event records what changed (before and after), why, and the stock it moved; the fold
 * replaces those fields of the order's snapshot. The totals are computed again by the money rules
 * (the coupon's percentage kept); lines kept keep their price, new ones take the catalogue's.
 */

/** One line of an order (OrderLine). */
export type EditedLine = OrderLine;

/** The fields of the order's snapshot an edit may change, as they are after it. */
export type EditedFields = {
  name?: string;
  phone?: string;
  address?: string;
  district?: string;
  thana?: string;
  deliveryLocation?: DeliveryZone;
  /** With the lines: the totals again, and all the stock the order now holds, variant by variant. */
  lines?: EditedLine[];
  subtotal?: number;
  discount?: number;
  fee?: number;
  total?: number;
  stockTaken?: StockLine[];
};

export type EditPayload = {
  /** The admin's words: why (the customer's call, a size out of stock...). */
  reason: string;
  /** The changed fields as they were, and as they are now. */
  before: EditedFields;
  after: EditedFields;
  /** The stock this edit took (lines added or raised) and gave back (lowered or removed). */
  stockTaken: StockLine[];
  stockReturned: StockLine[];
};

export type EditCommand = { type: 'EditOrder'; actor: Actor; edit: EditPayload; expectedVersion?: number | undefined };

/** What the edit rules read of an order. */
export type EditSubject = {
  status: 'Pending' | 'Confirmed' | 'Canceled';
  removed: boolean;
  deleted?: true;
  version: number;
  delivery?: unknown;
  advance?: { status: string };
  imported?: true;
  placed: Omit<EditedFields, 'deliveryLocation'> & { discountBasisPoints: number; deliveryLocation: DeliveryZone | ''; lines: EditedLine[]; subtotal: number; discount: number; fee: number; total: number; taken?: Taken };
};

const notAllowed = (reason: string): AppError => appError('ordering/illegal-transition', `Not allowed: ${reason}.`);

/** The fields an edit may name, in the order the timeline lists them. */
export const editableFields = ['name', 'phone', 'address', 'district', 'thana', 'deliveryLocation', 'lines'] as const;

/**
 * The rules of an edit: an admin's; of a Pending or Confirmed order still listed, with no parcel
 * booked (cancel the booking first), not waiting for its advance, not imported from the old shop;
 * at the version the admin saw; something must change; the lines and totals must follow the money
 * rules (a line's price is its unit price times its quantity; totals by orderTotals with the
 * order's discount percentage and the zone after the edit).
 */
export function decideEdit(state: EditSubject | null, command: EditCommand): Result<[{ type: 'Edited'; payload: EditPayload }], AppError> {
  if (state === null || state.deleted === true) return err(appError('ordering/order-not-found', 'This order does not exist (any more).'));
  if (!actorCan(command.actor, 'orders.manage')) return err(!actorCan(command.actor, 'orders.read') ? appError('ordering/order-not-found', 'This order does not exist (any more).') : notAllowed('only the shop can change an order'));
  if (command.expectedVersion !== undefined && command.expectedVersion !== state.version) {
    return err(appError('ordering/edit-conflict', 'This order changed since you opened it. Reload it and make your change again.'));
  }
  if (state.removed || (state.status !== 'Pending' && state.status !== 'Confirmed')) return err(notAllowed(`only a Pending or Confirmed order can be changed, and this one is ${state.removed ? 'removed' : state.status}`));
  if (state.delivery !== undefined) return err(notAllowed("this order's parcel is booked with a courier: cancel the booking first"));
  if (state.advance?.status === 'awaiting') return err(notAllowed('this order waits for its advance payment'));
  if (state.imported) return err(notAllowed('an order brought over from the old shop cannot be changed'));
  const { edit } = command;
  if (!edit.reason.trim()) return err(appError('http/validation', 'Say why the order is changed.'));
  const after = edit.after;
  const changed = editableFields.filter((field) => after[field] !== undefined);
  if (changed.length === 0) return err(appError('http/validation', 'Nothing to change: name a field with a new value.'));
  const zone: DeliveryZone | '' = after.deliveryLocation ?? state.placed.deliveryLocation;
  if (zone === '') return err(notAllowed('the order names no delivery zone'));
  const lines = after.lines ?? state.placed.lines;
  if (lines.length === 0) return err(appError('http/validation', 'An order keeps at least one line: to drop them all, cancel it.'));
  if (lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.price !== line.unitPrice * line.quantity)) return err(notAllowed("a line's price is its unit price times its quantity"));
  // An order taken by the staff keeps its discount and waived fee (issue 36).
  const totals = orderTotals(lines, state.placed.discountBasisPoints, zone, allowanceOf(state.placed));
  const priced = after.lines !== undefined || after.deliveryLocation !== undefined;
  if (priced && (after.subtotal !== totals.subtotal || after.discount !== totals.discount || after.fee !== totals.fee || after.total !== totals.total)) {
    return err(notAllowed("the order's totals follow the money rules"));
  }
  return ok([{ type: 'Edited', payload: { ...edit, reason: edit.reason.trim().slice(0, 200) } }]);
}
