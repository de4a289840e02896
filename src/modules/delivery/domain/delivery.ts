/**
 * The delivery module's own rules (issue 34, decision 060): the couriers it speaks to, a booking's
 * states and when a booking that did not go through is tried again. A parcel's life itself is the
 * order's (ordering's decider: Booked, PickedUp, ... Settled).
 */

import { courierTitle } from '../../../shared/courier-names.js';

export const courierNames = ['steadfast', 'pathao', 'redx'] as const;
export type CourierName = (typeof courierNames)[number];
export const isCourierName = (value: string): value is CourierName => (courierNames as readonly string[]).includes(value);

/** How each courier is named to people (src/shared/courier-names.ts). */
export const courierTitles: Readonly<Record<CourierName, string>> = { steadfast: courierTitle('steadfast'), pathao: courierTitle('pathao'), redx: courierTitle('redx') };

/**
 * A booking asked of a courier: `queued` until the courier took it (`booked`) or refused it for
 * good (`failed`: a validation error, or an invoice it has without a way to read the booking
 * back); `withdrawn` when the order stopped being bookable before the worker reached it.
 */
export const bookingStates = ['queued', 'booked', 'failed', 'withdrawn'] as const;
export type BookingState = (typeof bookingStates)[number];

/** Attempts after which a booking that never went through is given up (about two days of back-off). */
export const maxBookingAttempts = 40;

/**
 * When to try a booking again after its `attempts`-th attempt did not go through: 15 s, 1 min,
 * 5 min, 15 min, then hourly; never sooner than the courier's Retry-After (at most a day).
 */
export function nextBookingAttempt(now: Date, attempts: number, retryAfterSeconds: number | null): Date {
  const steps = [15, 60, 300, 900];
  const backoff = steps[Math.min(attempts, steps.length) - 1] ?? 3600;
  const seconds = Math.max(attempts > steps.length ? 3600 : backoff, Math.min(retryAfterSeconds ?? 0, 86_400));
  return new Date(now.getTime() + seconds * 1000);
}

/** The most orders one POST /api/shipments books. */
export const maxOrdersPerBooking = 100;

/** A courier's phone form: 01XXXXXXXXX from the shop's +8801XXXXXXXXX (or anything ending in those 11 digits). */
export function courierPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 11 ? digits.slice(-11) : digits;
}
