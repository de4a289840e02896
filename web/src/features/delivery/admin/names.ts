import type { Translate } from '../../../lib/i18n/i18n';
import type { Booking, CourierName, ParcelStatus } from './api/delivery-keys';
import type { DeliveryAdminId } from './messages/delivery-admin';

/** How each courier is named in the language shown (its brand, in Bengali letters on a Bengali page). */
export const COURIER_IDS = {
  steadfast: 'deliveryAdmin.courier.steadfast',
  pathao: 'deliveryAdmin.courier.pathao',
  redx: 'deliveryAdmin.courier.redx',
} as const satisfies Record<CourierName, DeliveryAdminId>;

/** Where a parcel is, in words. */
export const STATUS_IDS = {
  booked: 'deliveryAdmin.status.booked',
  picked_up: 'deliveryAdmin.status.pickedUp',
  in_transit: 'deliveryAdmin.status.inTransit',
  delivered: 'deliveryAdmin.status.delivered',
  partly_delivered: 'deliveryAdmin.status.partlyDelivered',
  returned: 'deliveryAdmin.status.returned',
} as const satisfies Record<ParcelStatus, DeliveryAdminId>;

/** A booking's state, in words. */
export const BOOKING_STATE_IDS = {
  queued: 'deliveryAdmin.bookingState.queued',
  booked: 'deliveryAdmin.bookingState.booked',
  failed: 'deliveryAdmin.bookingState.failed',
  withdrawn: 'deliveryAdmin.bookingState.withdrawn',
} as const satisfies Record<Booking['state'], DeliveryAdminId>;

/** A courier's name (the order's `courier` is any string on the wire: one this app does not know is shown as it is). */
export function courierName(t: Translate<DeliveryAdminId>, courier: string): string {
  const id = (COURIER_IDS as Partial<Record<string, DeliveryAdminId>>)[courier];
  return id ? t(id) : courier;
}

export function statusName(t: Translate<DeliveryAdminId>, status: ParcelStatus): string {
  return t(STATUS_IDS[status]);
}
