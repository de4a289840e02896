import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import { dhakaDay } from '../../shared/shop-time.js';
import type { OutgoingMessage } from './domain/messages.js';
import { budgetAlertId, refusalScope, retryAfterSeconds, smsKeptForMs, smsRefusal, smsWindows, type SmsCeilings, type SmsRefusal } from './domain/sms-ceiling.js';
import type { MessageOutbox, StoredMessage } from './message-outbox.js';
import type { SmsLedger, SmsSend } from './ports.js';

/** The SMS ceilings' settings (decision 048) and who is told when the day's budget is spent. */
export type SmsCeilingDeps = {
  ceilings: SmsCeilings;
  /** SHOP_ALERT_PHONE: the shop's own number, held by the shop's ceilings only. */
  ownNumber?: string | undefined;
  /** SHOP_ALERT_EMAIL: told once a day when the budget is spent (through the outbox). */
  alertEmail?: string | undefined;
  shopName: string;
};

/** The ledger and the outbox bound to one transaction. */
type Bound = { smsLedger: SmsLedger; messages: Pick<MessageOutbox, 'enqueueOnce'> };

export type SmsAdmission = { ok: true } | { ok: false; refusal: SmsRefusal; retryAfterSeconds: number };

/** First thing in a transaction that admits SMS: takes the ledger and drops the rows nothing counts any more. */
export async function openLedger(s: Bound, now: Date): Promise<void> {
  await s.smsLedger.lock();
  await s.smsLedger.prune(new Date(now.getTime() - smsKeptForMs));
}

/** The shop's alert that the day's SMS budget is spent: once a day (its id is the day's). */
export function budgetAlert(deps: SmsCeilingDeps, now: Date): OutgoingMessage | null {
  if (!deps.alertEmail) return null;
  const day = dhakaDay(now);
  return {
    channel: 'email',
    recipient: deps.alertEmail,
    subject: `${deps.shopName}: today's SMS budget is spent`,
    body: [
      `${deps.shopName} has sent its ${deps.ceilings.dailyBudget} SMS for ${day} (SMS_DAILY_BUDGET).`,
      '',
      'Until midnight (Dhaka time) the customers hear about their orders by email only, and checkout codes by SMS are refused.',
      'The orders desk shows the day\'s SMS; if this is real demand, raise SMS_DAILY_BUDGET and restart the shop.',
    ].join('\n'),
  };
}

/**
 * Counts one SMS against the ceilings, inside a transaction that called openLedger(): admitted,
 * it is added to the ledger (an id counted before is admitted again without counting: a message
 * tried again); refused by the budget, the shop's alert is stored once for the day.
 */
export async function admitSms(deps: SmsCeilingDeps, s: Bound, sms: SmsSend): Promise<SmsAdmission> {
  if (await s.smsLedger.has(sms.id)) return { ok: true };
  const counts = await s.smsLedger.counts(sms.phone, sms.address, sms.at);
  const refusal = smsRefusal(counts, deps.ceilings, { address: sms.address !== null, ownNumber: deps.ownNumber === sms.phone });
  if (refusal === null) {
    await s.smsLedger.add(sms);
    return { ok: true };
  }
  if (refusal === 'sms-budget-spent') {
    const alert = budgetAlert(deps, sms.at);
    if (alert) await s.messages.enqueueOnce(budgetAlertId(sms.at), alert, sms.at);
    return { ok: false, refusal, retryAfterSeconds: retryAfterSeconds(refusal, sms.at, null) };
  }
  const scope = refusalScope(refusal);
  const w = smsWindows(sms.at);
  const since = refusal.endsWith('-hour') ? w.hourAgo : w.dayAgo;
  const oldest = await s.smsLedger.oldestSince(scope === 'number' ? { phone: sms.phone } : scope === 'address' && sms.address ? { address: sms.address } : null, since);
  return { ok: false, refusal, retryAfterSeconds: retryAfterSeconds(refusal, sms.at, oldest) };
}

/**
 * The message worker's gate (decision 048): the SMS of one turn counted in one transaction; the
 * ones a ceiling refuses are answered with the refusal, to be stored `held` rather than sent.
 */
export async function holdOverCeilings(deps: SmsCeilingDeps & { clock: Clock }, transaction: <T>(work: (s: Bound) => Promise<T>) => Promise<T>, texts: readonly StoredMessage[]): Promise<Map<string, SmsRefusal>> {
  const held = new Map<string, SmsRefusal>();
  if (texts.length === 0) return held;
  const now = deps.clock.now();
  await transaction(async (s) => {
    await openLedger(s, now);
    let budgetSpent = false;
    for (const m of texts) {
      // Past the budget nothing else of the turn is counted: the budget cannot free within it.
      if (budgetSpent && !(await s.smsLedger.has(m.id))) {
        held.set(m.id, 'sms-budget-spent');
        continue;
      }
      const admitted = await admitSms(deps, s, { id: m.id, phone: m.recipient, address: null, kind: 'order', at: now });
      if (admitted.ok) continue;
      held.set(m.id, admitted.refusal);
      budgetSpent ||= admitted.refusal === 'sms-budget-spent';
    }
  });
  return held;
}

/** A checkout code refused by a ceiling: the shopper's error, with its Retry-After. */
export function codeRefusal(refusal: SmsRefusal, retryAfter: number): AppError & { retryAfterSeconds: number } {
  const wait = retryAfter >= 3600 ? `${Math.ceil(retryAfter / 3600)} ${Math.ceil(retryAfter / 3600) === 1 ? 'hour' : 'hours'}` : `${Math.ceil(retryAfter / 60)} ${Math.ceil(retryAfter / 60) === 1 ? 'minute' : 'minutes'}`;
  switch (refusal) {
    case 'sms-budget-spent':
      return { ...appError('ordering/sms-budget-spent', 'The shop has sent all its SMS for today, so it cannot send a code now. Please try again tomorrow, or call the shop.'), retryAfterSeconds: retryAfter };
    case 'sms-shop-hour':
      return { ...appError('ordering/sms-busy', `The shop is sending too many SMS just now. Please try again in ${wait}.`), retryAfterSeconds: retryAfter };
    case 'sms-number-hour':
    case 'sms-number-day':
      return { ...appError('ordering/sms-number-limit', `This phone number was sent too many codes. Please try again in ${wait}.`), retryAfterSeconds: retryAfter };
    case 'sms-address-hour':
    case 'sms-address-day':
      return { ...appError('ordering/sms-address-limit', `Too many codes were asked for from your network. Please try again in ${wait}.`), retryAfterSeconds: retryAfter };
  }
}
