import type { CourierRecord } from './ports.js';

/** The couriers' records as last fetched, kept a day (courier_records). */
export type RecordCache = {
  /** The record `source` gave for `phone` at or after `since`, or null. */
  get(phone: string, source: string, since: Date): Promise<{ record: CourierRecord; fetchedAt: Date } | null>;
  /** Keeps a record, and deletes every record fetched before `expired` (the table holds about a day of look-ups). */
  put(phone: string, source: string, record: CourierRecord, at: Date, expired: Date): Promise<void>;
};
