import type { Logger } from '../../platform/logger.js';
import { isGoodRecord } from '../../shared/advance.js';
import type { Clock } from '../../shared/clock.js';
import type { PhoneHistory } from '../ordering/index.js';
import { RecordSourceError, type CourierRecord, type CourierRecordSource } from './ports.js';
import type { RecordCache } from './stores.js';

export type PhoneRecordsDeps = {
  clock: Clock;
  logger: Logger;
  /** The sources whose keys are set (Steadfast's fraud check, BD Courier): none by default. */
  sources: readonly CourierRecordSource[];
  cache: RecordCache;
  /** The shop's own record of a phone: its orders by outcome (ordering's listing). */
  history(phone: string): Promise<PhoneHistory>;
  /** GOOD_RECORD_PERCENT: of the finished parcels, the share delivered that makes a record good. */
  goodPercent: number;
};

/** How long a courier's record is kept before it is asked again. */
export const recordTtlMs = 24 * 60 * 60 * 1000;

export type SourcedRecord = CourierRecord & { checkedAt: Date };

/** A phone's delivery record: the shop's own, each source's (cached a day), the sources that did not answer, and the advice. */
export type PhoneRecord = {
  phone: string;
  own: PhoneHistory;
  couriers: SourcedRecord[];
  unavailable: Array<{ source: string; message: string }>;
  /** Delivered (ours and the couriers') and not accepted (returned, ours canceled by the shop, the couriers' returned or canceled). */
  delivered: number;
  failed: number;
  good: boolean;
  goodPercent: number;
};

/** The couriers' form of a number: 01XXXXXXXXX. */
const elevenDigits = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 11 ? digits.slice(-11) : digits;
};

/**
 * The sources' look-ups under way, by source and phone: a second asker waits for the first's
 * answer instead of calling the source again. Entries leave when their call ends, so the map holds
 * at most the calls in flight.
 */
const inFlight = new Map<string, Promise<SourcedRecord | { source: string; message: string }>>();

async function fromSource(deps: PhoneRecordsDeps, source: CourierRecordSource, phone: string): Promise<SourcedRecord | { source: string; message: string }> {
  const now = deps.clock.now();
  const cached = await deps.cache.get(phone, source.name, new Date(now.getTime() - recordTtlMs));
  if (cached) return { ...cached.record, checkedAt: cached.fetchedAt };
  const key = `${source.name}\u0000${phone}`;
  const running = inFlight.get(key);
  if (running) return running;
  const call = (async () => {
    try {
      const record = await source.lookup(elevenDigits(phone));
      const at = deps.clock.now();
      await deps.cache.put(phone, source.name, record, at, new Date(at.getTime() - recordTtlMs));
      return { ...record, checkedAt: at };
    } catch (e) {
      if (!(e instanceof RecordSourceError)) throw e;
      deps.logger.warn('phone records: a source did not answer', { source: source.name, kind: e.kind, reason: e.message });
      return { source: source.name, message: e.message };
    }
  })();
  inFlight.set(key, call);
  try {
    return await call;
  } finally {
    inFlight.delete(key);
  }
}

/** A phone's record: the shop's own and every source's, asked at once (each bounded by its own time-out). */
export async function phoneRecord(deps: PhoneRecordsDeps, phone: string): Promise<PhoneRecord> {
  const [own, ...answers] = await Promise.all([deps.history(phone), ...deps.sources.map((source) => fromSource(deps, source, phone))]);
  const couriers = answers.filter((a): a is SourcedRecord => 'checkedAt' in a);
  const unavailable = answers.filter((a): a is { source: string; message: string } => !('checkedAt' in a));
  const delivered = own.delivered + couriers.reduce((n, r) => n + r.delivered, 0);
  const failed = own.returned + own.canceledByShop + couriers.reduce((n, r) => n + r.returned, 0);
  return { phone, own, couriers, unavailable, delivered, failed, good: isGoodRecord({ delivered, failed }, deps.goodPercent), goodPercent: deps.goodPercent };
}

/** The couriers' record alone, summed over the sources that answered (the advance rule's; null: none answered or none is set). */
export async function couriersRecord(deps: PhoneRecordsDeps, phone: string): Promise<{ delivered: number; returned: number } | null> {
  if (deps.sources.length === 0) return null;
  const answers = await Promise.all(deps.sources.map((source) => fromSource(deps, source, phone)));
  const records = answers.filter((a): a is SourcedRecord => 'checkedAt' in a);
  if (records.length === 0) return null;
  return { delivered: records.reduce((n, r) => n + r.delivered, 0), returned: records.reduce((n, r) => n + r.returned, 0) };
}
