import { shortReason } from '../../../platform/notifier/sms-sender.js';
import { createPollingLoop } from '../../../platform/polling-loop.js';
import { courierTitles, maxBookingAttempts, nextBookingAttempt, type CourierName } from '../domain/delivery.js';
import { CourierError, type Booking } from '../ports.js';
import type { BookingOutcome, StoredBooking } from '../stores.js';
import { courierOf, notBookable, parcelOf, type DeliveryDeps } from '../use-cases.js';

/** What one turn did. */
export type BookingTurn = { taken: number; booked: number; retried: number; failed: number; withdrawn: number };
const emptyTurn = (): BookingTurn => ({ taken: 0, booked: 0, retried: 0, failed: 0, withdrawn: 0 });

/**
 * Books the queued parcels (issue 34), apart from any request: a turn takes a bounded batch of due
 * bookings (each leased, so no other worker or process takes it meanwhile), asks each courier for
 * its parcels in one call (Steadfast's bulk order; the others one by one), and records each
 * outcome: the Booked event and the booking's mark in one transaction; a courier that is down,
 * slow or rate-limited leaves the booking queued for a later attempt (back-off: nextBookingAttempt).
 * The order number is the courier's invoice: an attempt after a time-out that had in fact booked
 * is refused by the courier as a duplicate, and the booking it has is read back, never doubled.
 */
export function createBookingWorker(deps: DeliveryDeps & { pollMs?: number; batch?: number; leaseMs?: number }) {
  const pollMs = deps.pollMs ?? 15_000;
  const batch = Math.max(1, deps.batch ?? 20);
  const leaseMs = deps.leaseMs ?? 5 * 60_000;

  const settle = (booking: StoredBooking, outcome: BookingOutcome) => deps.bookings.outside.settle(booking.id, outcome, deps.clock.now());

  async function record(booking: StoredBooking, made: Booking, turn: BookingTurn): Promise<void> {
    const recorded = await deps.parcelCommand(
      booking.orderId,
      { type: 'RecordBooking', actor: booking.requestedBy, booking: { courier: booking.courier, consignmentId: made.consignmentId, trackingCode: made.trackingCode, deliveryCharge: made.deliveryCharge } },
      (tx) => deps.bookings.in(tx).settle(booking.id, { state: 'booked', error: null }, deps.clock.now()),
    );
    if (recorded.ok) {
      turn.booked++;
      return;
    }
    // The order changed while the courier booked it (canceled, deleted, booked by another worker): the courier's booking is undone.
    turn.withdrawn++;
    let undone = 'the courier booking was canceled';
    try {
      await deps.couriers[booking.courier]?.cancel({ consignmentId: made.consignmentId, orderNumber: booking.orderNumber });
    } catch (e) {
      undone = `cancel consignment ${made.consignmentId} in the ${courierTitles[booking.courier]} portal (${reasonOf(e)})`;
    }
    deps.logger.warn('parcel booked for an order that can no longer be booked', { orderId: booking.orderId, consignmentId: made.consignmentId, reason: recorded.error.message });
    await settle(booking, { state: 'withdrawn', error: `${recorded.error.message} ${undone}.` });
  }

  async function failed(booking: StoredBooking, error: unknown, turn: BookingTurn): Promise<void> {
    let reason = reasonOf(error);
    const kind = error instanceof CourierError ? error.kind : 'retry';
    // No answer from a courier that would book the same invoice twice: trying again might (decision 060).
    const unsafe = error instanceof CourierError && error.uncertain && deps.couriers[booking.courier]?.refusesDuplicates === false;
    if (unsafe) {
      const title = courierTitles[booking.courier];
      reason = `${title} did not answer in time and may have booked it (${reason}). Look for invoice ${booking.orderNumber} in the ${title} portal: record its consignment here if it is there, else book the order again.`;
    }
    if (kind === 'refused' || unsafe || booking.attempts >= maxBookingAttempts) {
      turn.failed++;
      deps.logger.warn('parcel booking failed', { orderId: booking.orderId, courier: booking.courier, attempts: booking.attempts, reason });
      await settle(booking, { state: 'failed', error: reason });
      return;
    }
    turn.retried++;
    deps.logger.info('parcel booking not made, will retry', { orderId: booking.orderId, courier: booking.courier, attempts: booking.attempts, reason });
    const retryAfter = error instanceof CourierError ? error.retryAfterSeconds : null;
    await settle(booking, { state: 'queued', error: reason, nextAttemptAt: nextBookingAttempt(deps.clock.now(), booking.attempts, retryAfter) });
  }

  async function bookWith(courierName: CourierName, bookings: StoredBooking[], turn: BookingTurn): Promise<void> {
    const courier = courierOf(deps, courierName);
    const bookable: Array<{ booking: StoredBooking; parcel: ReturnType<typeof parcelOf> }> = [];
    for (const booking of bookings) {
      const order = await deps.orders.byId(booking.orderId);
      const why = notBookable(order);
      if (why || !order) {
        turn.withdrawn++;
        await settle(booking, { state: 'withdrawn', error: why });
        continue;
      }
      if (!courier.ok) {
        await failed(booking, new CourierError('retry', courier.error.message), turn);
        continue;
      }
      bookable.push({ booking, parcel: parcelOf(order, deps.weightKg) });
    }
    if (!courier.ok || bookable.length === 0) return;
    let answers: Array<Booking | CourierError>;
    try {
      answers = await courier.value.bookMany(bookable.map((b) => b.parcel));
    } catch (e) {
      for (const { booking } of bookable) await failed(booking, e, turn);
      return;
    }
    for (const [i, { booking }] of bookable.entries()) {
      const answer = answers[i] ?? new CourierError('retry', `${courierTitles[courierName]} answered no result for this parcel`);
      if (!(answer instanceof CourierError)) {
        await record(booking, answer, turn);
        continue;
      }
      if (answer.kind === 'duplicate') {
        // The invoice is the order number: the courier has this order already (an attempt that timed out had worked).
        let found: Booking | null;
        try {
          found = await courier.value.findBooking(booking.orderNumber);
        } catch (e) {
          await failed(booking, e, turn);
          continue;
        }
        if (found) await record(booking, found, turn);
        else await failed(booking, new CourierError('refused', `${courierTitles[courierName]} already has invoice ${booking.orderNumber}: find its consignment in the ${courierTitles[courierName]} portal (${answer.message})`), turn);
        continue;
      }
      await failed(booking, answer, turn);
    }
  }

  async function turnOnce(): Promise<BookingTurn> {
    const turn = emptyTurn();
    const now = deps.clock.now();
    const claimed = await deps.bookings.outside.claimDue(now, batch, new Date(now.getTime() + leaseMs));
    turn.taken = claimed.length;
    const byCourier = new Map<CourierName, StoredBooking[]>();
    for (const booking of claimed) byCourier.set(booking.courier, [...(byCourier.get(booking.courier) ?? []), booking]);
    for (const [courier, bookings] of byCourier) {
      try {
        await bookWith(courier, bookings, turn);
      } catch (e) {
        // A database fault: the bookings' lease runs out and they are taken again.
        deps.logger.error('parcel bookings: a courier batch failed', { courier, reason: reasonOf(e) });
      }
    }
    return turn;
  }

  return createPollingLoop<BookingTurn>({
    pollMs,
    turn: turnOnce,
    empty: emptyTurn,
    again: (turn) => turn.taken === batch,
    onError: (e) => deps.logger.error('parcel bookings: a turn failed', { reason: reasonOf(e) }),
  });
}

const reasonOf = (error: unknown): string => shortReason(error instanceof Error ? error.message : String(error)) || 'unknown failure';
