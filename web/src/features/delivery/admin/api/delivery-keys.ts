import type { Answer, Body, Row } from '../../../../lib/api/contracts';

// The wire types of the delivery contract (src/modules/delivery/adapters/http.ts), as the admin's pages use them.

/** A courier the shop can book with, and whether its keys are set (GET /api/shipments/couriers). */
export type CourierChoice = Answer<'get /shipments/couriers'>[number];
export type CourierName = CourierChoice['courier'];
/** One order's answer to POST /api/shipments: booked, queued, failed or refused. */
export type BookingResult = Answer<'post /shipments'>['results'][number];
/** A booking asked of a courier, with its attempts and last error (GET /api/orders/:id/bookings). */
export type Booking = Row<'get /orders/:id/bookings'>;
/** A delivered parcel not paid out yet (GET /api/shipments/unsettled). */
export type UnsettledParcel = Row<'get /shipments/unsettled'>;
export type PayoutParcel = Body<'post /shipments/payouts'>['parcels'][number];
export type PayoutResult = Answer<'post /shipments/payouts'>['results'][number];
/** The courier cash report of a period (GET /api/stats/courier-cash). */
export type CourierCash = Answer<'get /stats/courier-cash'>;
/** An order as an admin sees it (GET /api/orders/:id), with its parcel (`delivery`). */
export type AdminOrder = Answer<'get /orders/:id'>;
export type Parcel = NonNullable<AdminOrder['delivery']>;
export type ParcelStatus = Parcel['status'];

/** Every query of the delivery pages starts with this key. */
export const deliveryQueryKeyRoot = ['delivery'] as const;
