import type { StaffGuard } from '../../platform/http/contract.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mailer/mailer.js';
import type { SmsSender } from '../../platform/notifier/sms-sender.js';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { AppError } from '../../shared/errors.js';
import type { OrderChangeHandler, OrderReads } from '../ordering/index.js';
import { createMessageWorker } from './adapters/message-worker.js';
import { orderMessageRoutes } from './adapters/order-messages-http.js';
import { createPgMessageStore } from './adapters/postgres/message-store.js';
import { createPgSmsLedger } from './adapters/postgres/sms-ledger.js';
import { smsUsageRoutes } from './adapters/sms-usage-http.js';
import { createSqliteMessageStore } from './adapters/sqlite/message-store.js';
import { createSqliteSmsLedger } from './adapters/sqlite/sms-ledger.js';
import { messagesFor, type MessageSettings } from './domain/messages.js';
import { defaultSmsCeilings, type SmsCeilings } from './domain/sms-ceiling.js';
import type { StoredMessage } from './message-outbox.js';
import type { SmsSend } from './ports.js';
import { admitSms, codeRefusal, holdOverCeilings, openLedger, type SmsCeilingDeps } from './sms-ceiling.js';

export type { OrderMessageDto } from './adapters/order-messages-http.js';
export type { SmsUsageDto } from './adapters/sms-usage-http.js';
export type { SmsCeilings } from './domain/sms-ceiling.js';
export { smsAddressKey } from './domain/sms-ceiling.js';
export type { MessageSettings } from './domain/messages.js';
export type { SmsSend } from './ports.js';

/**
 * The messages about orders (issue 16, decision 031; its own module since decision 050): the
 * outbox, written in the transaction of the order event that causes them, the worker that sends
 * them by SMS and email, their texts in English and Bengali, and the SMS ceilings and ledger
 * (decision 048) every SMS passes, checkout codes included.
 */
export type MessagesDeps = {
  database: ShopDatabase;
  clock: Clock;
  /** What the texts say and where the shop's alerts go. */
  settings: MessageSettings;
  /** The SMS and mail transports the worker sends through. */
  sms: SmsSender;
  mailer: Mailer;
  logger: Logger;
  /** How often the worker looks (5 s by default) and waits before a first retry. */
  pollMs?: number | undefined;
  firstRetryMs?: number | undefined;
  /** The SMS ceilings and daily budget (issue 40, decision 048; SMS_PER_* and SMS_DAILY_BUDGET); defaultSmsCeilings where unset. */
  smsCeilings?: Partial<SmsCeilings> | undefined;
  /** The orders the admins' order page asks the messages of (ordering's reads). */
  orders: Pick<OrderReads, 'byId'>;
  requireStaff: StaffGuard;
};

export function createMessagesModule(deps: MessagesDeps) {
  const { database, settings } = deps;
  const stores = bindStores(database, {
    sqlite: (side) => ({ messages: createSqliteMessageStore(side), smsLedger: createSqliteSmsLedger(side) }),
    postgres: (db) => ({ messages: createPgMessageStore(db), smsLedger: createPgSmsLedger(db) }),
  });
  const outbox = stores.outside.messages;
  // The SMS ceilings (issue 40, decision 048): codes count in their own transaction, the order texts in the worker's gate.
  const smsCeilings: SmsCeilingDeps = { ceilings: { ...defaultSmsCeilings, ...deps.smsCeilings }, ownNumber: settings.alertPhone, alertEmail: settings.alertEmail, shopName: settings.shopName };
  const smsGate = (texts: readonly StoredMessage[]) => holdOverCeilings({ ...smsCeilings, clock: deps.clock }, (work) => database.transaction((tx) => work(stores.in(tx))), texts);
  // SMS_PROVIDER=none writes the SMS to the log: nothing leaves the shop, so nothing is counted.
  const smsLeave = deps.sms.kind !== 'log';
  const worker = createMessageWorker({ outbox, sms: deps.sms, mailer: deps.mailer, clock: deps.clock, logger: deps.logger, pollMs: deps.pollMs, firstRetryMs: deps.firstRetryMs, holdOverCeilings: smsLeave ? smsGate : undefined });

  /** The messages each order event sends, stored in the outbox in the event's transaction (an order and its messages commit together, or neither does). */
  const orderMessages: OrderChangeHandler = {
    name: 'order messages (outbox)',
    in: (tx) => {
      const bound = stores.in(tx).messages;
      return async (change) => {
        for (const { event, order } of change.events) await bound.enqueue(event, messagesFor(event.type, order, settings));
      };
    },
  };

  return {
    orderMessages,
    /** The worker's polling, once the shop started (after the order log's start-up checks passed). */
    start: () => worker.start(),
    /** Whether the outbox's worker runs and showed life lately (GET /readyz, issue 38). */
    workerAlive: () => worker.alive(),
    /** Sends what is due now (tests drive it with their clock). */
    runOnce: () => worker.runOnce(),
    /** At shutdown, before the database closes: the turn under way ends (its sends are bounded). */
    stop: () => worker.stop(),
    /**
     * A checkout code's SMS (decision 032) against the ceilings, inside the caller's transaction:
     * null when admitted (or when no SMS leaves the shop: SMS_PROVIDER=none counts nothing), else
     * the shopper's refusal with its Retry-After.
     */
    admitCodeIn: async (tx: Tx, sms: SmsSend): Promise<(AppError & { retryAfterSeconds: number }) | null> => {
      if (!smsLeave) return null;
      const s = stores.in(tx);
      await openLedger(s, sms.at);
      const admitted = await admitSms(smsCeilings, s, sms);
      return admitted.ok ? null : codeRefusal(admitted.refusal, admitted.retryAfterSeconds);
    },
    /** Sends an SMS now, not through the outbox (a checkout code: the shopper is waiting for it). */
    sendNow: (to: string, message: string) => deps.sms.send(to, message),
    routes: [
      orderMessageRoutes({ orders: deps.orders, messages: outbox, requireStaff: deps.requireStaff }),
      smsUsageRoutes({ ledger: stores.outside.smsLedger, messages: outbox, ceilings: smsCeilings.ceilings, clock: deps.clock, requireStaff: deps.requireStaff }),
    ],
  };
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
