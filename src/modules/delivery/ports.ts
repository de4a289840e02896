/**
 * The delivery module's ports (issue 34). A courier is a port with one adapter per provider
 * (Steadfast, Pathao, RedX), each against its published merchant API with its base URL a setting;
 * the tests point each at a local server that speaks the same protocol (tests/support/couriers/).
 */

export { courierNames, type CourierName } from './domain/delivery.js';
export { parcelStatuses, type ParcelStatus } from '../ordering/index.js';
import type { CourierName } from './domain/delivery.js';
import type { ParcelStatus } from '../ordering/index.js';

/** One parcel to book: an order of the shop, as the courier needs it. */
export type ParcelRequest = {
  /** The order's number (10001...): the courier's invoice / merchant order id, so a retried booking can never book the same order twice. */
  orderNumber: number;
  recipientName: string;
  /** 11 digits, 01XXXXXXXXX (the couriers' form; the shop stores +8801XXXXXXXXX). */
  recipientPhone: string;
  /** The free address as the shopper typed it, with the thana and district appended when known. */
  recipientAddress: string;
  /** The district and thana/upazila from the shop's list (English names), when the order has them. */
  district: string | null;
  thana: string | null;
  /** Cash to collect on delivery, whole taka (0 for a paid order). */
  codAmount: number;
  /** Pieces in the parcel (sum of the lines' quantities). */
  itemCount: number;
  /** Weight in kg (the shop's setting; couriers price by it). */
  weightKg: number;
  /** One line about the contents, e.g. "2 items: Pikachu plush, Booster box". */
  description: string;
  /** A note for the rider (may be ''). */
  note: string;
};

/** What the courier answered to a booking: its ids for the parcel. */
export type Booking = {
  consignmentId: string;
  /** The code a shopper tracks with (Steadfast's tracking_code, Pathao's consignment_id, RedX's tracking_id). */
  trackingCode: string;
  /** The delivery charge the courier quoted, when its answer says it; else null. */
  deliveryCharge: number | null;
};

/**
 * Why a courier call did not work. `retry`: the courier is down, slow (a time-out), rate-limited
 * (429, `retryAfterSeconds` when it said) or answered 5xx: try again later. `auth`: the keys are
 * wrong (401/403): try again later too, an admin must fix the settings. `refused`: the courier
 * refuses this parcel (a validation error): trying again will not help. `duplicate`: the courier
 * already has this invoice / merchant order id (a booking that timed out had in fact worked).
 */
export type CourierErrorKind = 'retry' | 'auth' | 'refused' | 'duplicate';

export class CourierError extends Error {
  constructor(
    readonly kind: CourierErrorKind,
    /** One line, no secrets, at most ~200 characters (kept in the booking's last_error, shown to admins). */
    message: string,
    readonly retryAfterSeconds: number | null = null,
    /**
     * The courier may have carried the call out all the same: it got the request but no answer came
     * back in time. A booking after such a failure may be at the courier already.
     */
    readonly uncertain: boolean = false,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}

/**
 * What a courier reports about a parcel, from a webhook or a status call, in the shop's terms.
 * `status` null: a tracking update that moves nothing (the message is still shown).
 */
export type CourierReport = {
  /** Which parcel: its consignment id and/or the invoice (our order number) as the courier sent them. */
  consignmentId: string | null;
  orderNumber: number | null;
  status: ParcelStatus | null;
  /** Cash the courier collected (delivered / partly delivered), whole taka, when it says. */
  collectedAmount: number | null;
  /** The courier's charge for this parcel, when it says. */
  deliveryCharge: number | null;
  /** The courier's words, for the parcel's timeline (English; Bengali when it sends one). */
  message: string | null;
  messageBn: string | null;
  /**
   * The courier paid this parcel's cash out to the shop (Pathao's order.paid, a payment's
   * consignments): the payout's reference when it has one, and the amount paid for this parcel.
   */
  paid: { reference: string | null; amount: number | null } | null;
  /** When the courier says it happened; null when it does not say. */
  at: Date | null;
};

/** What a webhook request was, read by the courier's adapter. */
export type WebhookReading =
  /** Not from the courier (wrong or missing token / signature): answered 401 and logged. */
  | { kind: 'refused'; reason: string }
  /** The courier's integration check (Pathao's handshake): answered as the courier wants it. */
  | { kind: 'handshake'; status: number; headers: Record<string, string>; body: unknown }
  /** Malformed but authentic: answered 400. */
  | { kind: 'invalid'; reason: string }
  /** Reports to apply; answered with `reply` (what the courier expects back). */
  | { kind: 'reports'; reports: CourierReport[]; status: number; headers: Record<string, string>; body: unknown };

/** The request as the webhook route received it: headers lower-cased, the raw body (at most 64 KiB). */
export type WebhookRequest = { headers: Record<string, string>; body: string };

/** A courier's merchant API. Every call is bounded by a time-out and throws CourierError on failure. */
export type Courier = {
  readonly name: CourierName;
  /**
   * Whether the courier refuses an invoice (merchant order id) it has already, as its API is known
   * to (Steadfast's "The invoice has already been taken."): a booking whose answer never came can
   * then be tried again safely. When false, such a booking is left to an admin (decision 060).
   */
  readonly refusesDuplicates: boolean;
  /** The delivery charge for this parcel, when the courier can tell (else null: the shop's fee stands). */
  quote(parcel: ParcelRequest): Promise<number | null>;
  book(parcel: ParcelRequest): Promise<Booking>;
  /**
   * Books several parcels at once (Steadfast's bulk order; the others one after another), each
   * with its own result in the same order: a Booking, or the CourierError of that parcel.
   */
  bookMany(parcels: readonly ParcelRequest[]): Promise<Array<Booking | CourierError>>;
  /**
   * A booking the courier already has for this invoice (after a `duplicate`), or null when its API
   * cannot look one up by invoice.
   */
  findBooking(orderNumber: number): Promise<Booking | null>;
  /** Where the parcel is now, by its consignment id. */
  status(booking: { consignmentId: string; orderNumber: number }): Promise<CourierReport>;
  /** Cancels a booking the courier has not picked up yet; CourierError `refused` when it can no longer be. */
  cancel(booking: { consignmentId: string; orderNumber: number }): Promise<void>;
  /** Reads (and authenticates) one webhook request. Never throws. */
  readWebhook(request: WebhookRequest): WebhookReading;
};
