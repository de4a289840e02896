import type { SmsCounts } from './domain/sms-ceiling.js';


/** One SMS counted by the ceilings (sms_sends): a code (with the client's address) or an order text. */
export type SmsSend = { id: string; phone: string; address: string | null; kind: 'code' | 'order'; at: Date };

/**
 * The SMS the shop sent (issue 40, decision 048): what the SMS ceilings count, in the database so
 * that every shop process counts the same. A count and the add after it belong in one transaction
 * that took `lock()` first.
 */
export type SmsLedger = {
  /** On PostgreSQL a transaction-scoped advisory lock (processes count and add one after another); on SQLite the writer lock already is one. */
  lock(): Promise<void>;
  /** Whether this SMS was counted already (a message tried again counts once). */
  has(id: string): Promise<boolean>;
  /** The counts the ceilings compare, for a number and (a code's) client address at `now`. */
  counts(phone: string, address: string | null, now: Date): Promise<SmsCounts>;
  /** The oldest SMS after `since` to the number, from the address, or of the whole shop (null). */
  oldestSince(scope: { phone: string } | { address: string } | null, since: Date): Promise<Date | null>;
  add(row: SmsSend): Promise<void>;
  /** Removes the rows from before `before`; answers how many went. */
  prune(before: Date): Promise<number>;
  /** The shop's SMS since `todayStart` (and of them codes) and since `hourAgo` (the desk's panel). */
  usage(todayStart: Date, hourAgo: Date): Promise<{ today: number; codesToday: number; lastHour: number }>;
};
