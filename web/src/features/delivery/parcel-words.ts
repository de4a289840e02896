import type { Row } from '../../lib/api/contracts';
import { fromBengaliDigits, type Lang } from '../../../../src/shared/locale-format';
import { compactPhone, normalizeBdMobile } from '../../../../src/shared/phone';

/** An order's parcel, as the shopper's orders carry it (null before a booking). */
export type OrderDelivery = Row<'get /orders'>['delivery'];
/** Where a parcel is: booked, picked_up, in_transit, delivered, partly_delivered, returned. */
export type ParcelStatus = NonNullable<OrderDelivery>['status'];

/** What a shopper is shown of a parcel: an order's `delivery`, or GET /api/track's `parcel`. */
export type ParcelView = Pick<NonNullable<OrderDelivery>, 'courier' | 'trackingCode' | 'status' | 'message' | 'messageBn' | 'updatedAt'>;

const STATUS_IDS = {
  booked: 'deliveryShopper.status.booked',
  picked_up: 'deliveryShopper.status.pickedUp',
  in_transit: 'deliveryShopper.status.inTransit',
  delivered: 'deliveryShopper.status.delivered',
  partly_delivered: 'deliveryShopper.status.partlyDelivered',
  returned: 'deliveryShopper.status.returned',
} as const satisfies Record<ParcelStatus, string>;

const COURIER_IDS = {
  steadfast: 'deliveryShopper.courier.steadfast',
  pathao: 'deliveryShopper.courier.pathao',
  redx: 'deliveryShopper.courier.redx',
} as const;

const ORDER_STATUS_IDS = {
  Pending: 'deliveryShopper.order.pending',
  Confirmed: 'deliveryShopper.order.confirmed',
  Canceled: 'deliveryShopper.order.canceled',
} as const;

/** The message id of a parcel's status in words. */
export const parcelStatusId = (status: ParcelStatus) => STATUS_IDS[status];

/** The message id of a courier's name, or null for one this app does not know (shown as the API names it). */
export const courierNameId = (courier: string): (typeof COURIER_IDS)[keyof typeof COURIER_IDS] | null =>
  Object.hasOwn(COURIER_IDS, courier) ? COURIER_IDS[courier as keyof typeof COURIER_IDS] : null;

/** The message id of an order's status, or null for one this app does not know. */
export const orderStatusId = (status: string): (typeof ORDER_STATUS_IDS)[keyof typeof ORDER_STATUS_IDS] | null =>
  Object.hasOwn(ORDER_STATUS_IDS, status) ? ORDER_STATUS_IDS[status as keyof typeof ORDER_STATUS_IDS] : null;

/**
 * The courier's latest words in the language shown: its Bengali ones on a Bengali page when it sent
 * them, else its English ones (then marked `en`, so that the page says which language they are in);
 * null when it said nothing.
 */
export function courierWords(parcel: Pick<ParcelView, 'message' | 'messageBn'>, lang: Lang): { text: string; lang: Lang } | null {
  const bn = parcel.messageBn?.trim();
  const en = parcel.message?.trim();
  if (lang === 'bn' && bn) return { text: bn, lang: 'bn' };
  if (en) return { text: en, lang: 'en' };
  if (bn) return { text: bn, lang: 'bn' };
  return null;
}

export type TrackField = 'order' | 'phone';
export type TrackErrorId =
  | 'deliveryShopper.track.error.order'
  | 'deliveryShopper.track.error.orderDigits'
  | 'deliveryShopper.track.error.phone'
  | 'deliveryShopper.track.error.mobile';

/**
 * The tracking form read as GET /api/track takes it: the order number's digits (Bengali digits
 * read as ASCII, spaces and a leading # dropped) and the phone as typed; or, per field, why not.
 */
export function readTrackForm(order: string, phone: string): { ok: true; order: string; phone: string } | { ok: false; errors: Partial<Record<TrackField, TrackErrorId>> } {
  const errors: Partial<Record<TrackField, TrackErrorId>> = {};
  const number = fromBengaliDigits(order).replace(/\s+/g, '').replace(/^#/, '');
  if (number === '') errors.order = 'deliveryShopper.track.error.order';
  else if (!/^\d{1,9}$/.test(number)) errors.order = 'deliveryShopper.track.error.orderDigits';
  if (phone.trim() === '') errors.phone = 'deliveryShopper.track.error.phone';
  else if (normalizeBdMobile(phone) === null) errors.phone = 'deliveryShopper.track.error.mobile';
  if (errors.order || errors.phone) return { ok: false, errors };
  return { ok: true, order: number, phone: compactPhone(phone) };
}
