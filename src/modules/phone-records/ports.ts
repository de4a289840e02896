/**
 * The phone-records module's ports (issue 35, decision 061): the record couriers keep of a phone
 * number (parcels delivered and returned at every shop that books with them), fetched where the
 * owner set keys, cached for a day, shown at the desk as advice and usable in the advance rule,
 * never an automatic block. One adapter per source; each source's base URL is a setting and the
 * tests point it at a local server that speaks the same protocol (tests/support/couriers/).
 */

/** One courier's figures for a phone number. */
export type CourierTally = {
  /** The courier's name as the source gives it, lower-cased: "steadfast", "pathao", "redx", "paperfly"... */
  courier: string;
  /** Parcels booked to this phone. */
  total: number;
  /** Of them delivered (accepted by the recipient). */
  delivered: number;
  /** Of them canceled or returned (not accepted). */
  returned: number;
};

/** What one source said of a phone number. */
export type CourierRecord = {
  /** The source's name: "steadfast" (its fraud check), "bdcourier" (a courier-record service)... */
  source: string;
  /** Totals over the couriers below (or the source's own summary when it gives one). */
  total: number;
  delivered: number;
  returned: number;
  /** Per courier, when the source breaks it down (else one entry, the source's own courier, or []). */
  couriers: CourierTally[];
};

/**
 * Why a look-up did not work. `retry`: down, slow (time-out), rate-limited or 5xx. `auth`: wrong
 * keys (401/403). `refused`: the source refuses this number or request (validation).
 */
export type RecordErrorKind = 'retry' | 'auth' | 'refused';

export class RecordSourceError extends Error {
  constructor(
    readonly kind: RecordErrorKind,
    /** One line, no secrets, at most ~200 characters. */
    message: string,
  ) {
    super(message);
    this.name = 'RecordSourceError';
  }
}

/** A source of couriers' records. Every call is bounded by a time-out and throws RecordSourceError on failure. */
export type CourierRecordSource = {
  readonly name: string;
  /** The record of a phone number given as 11 digits, 01XXXXXXXXX (the couriers' form). */
  lookup(phone: string): Promise<CourierRecord>;
};
