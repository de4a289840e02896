import type { OwnRecord, SourceRecord } from './api/get-phone-record';

/**
 * The shop's own parcels of a phone that were accepted, of those finished: delivered (whole or in
 * part) of delivered, returned and canceled by the shop (a customer's own cancel is no refusal at
 * the door). As the server counts a record good (src/shared/advance.ts, isGoodRecord).
 */
export function ownAccepted(own: OwnRecord): { accepted: number; finished: number } {
  return { accepted: own.delivered, finished: own.delivered + own.returned + own.canceledByShop };
}

/** A share in whole percent, rounded down (never 100 % until every one is); null with nothing to share. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.floor((part * 100) / whole) : null;
}

/** The ids of the sources and couriers this app names; others are shown as the server names them. */
const SOURCE_IDS = {
  steadfast: 'phoneRecords.source.steadfast',
  bdcourier: 'phoneRecords.source.bdcourier',
} as const;
const COURIER_IDS = {
  steadfast: 'phoneRecords.courier.steadfast',
  pathao: 'phoneRecords.courier.pathao',
  redx: 'phoneRecords.courier.redx',
  paperfly: 'phoneRecords.courier.paperfly',
} as const;

export type NameId = (typeof SOURCE_IDS)[keyof typeof SOURCE_IDS] | (typeof COURIER_IDS)[keyof typeof COURIER_IDS];

/** A source's (or courier's) name: its message id, or the name as the server gives it. */
export function nameOf(kind: 'source' | 'courier', name: string): { id: NameId } | { text: string } {
  const ids: Partial<Record<string, NameId>> = kind === 'source' ? SOURCE_IDS : COURIER_IDS;
  const id = ids[name.toLowerCase()];
  return id ? { id } : { text: name };
}

/** A source's tallies, per courier, leaving out the one courier that only repeats the source's own total. */
export function courierTallies(record: SourceRecord): SourceRecord['couriers'] {
  const [only] = record.couriers;
  if (record.couriers.length === 1 && only && only.courier === record.source && only.total === record.total) return [];
  return record.couriers.filter((tally) => tally.total > 0);
}
