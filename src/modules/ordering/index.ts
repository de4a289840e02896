import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mailer/mailer.js';
import type { SmsSender } from '../../platform/notifier/sms-sender.js';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import { createGroupCommit, type GroupCommitOptions } from './adapters/group-commit.js';
import { blockedPhoneRoutes } from './adapters/blocked-phones-http.js';
import { orderingRoutes } from './adapters/http.js';
import { createPgBlockedPhoneStore } from './adapters/pg-blocked-phones.js';
import { createSqliteBlockedPhoneStore } from './adapters/sqlite-blocked-phones.js';
import { auditOrderLogOn, incrementalAuditOn, missingTriggersOn, restoreTriggersOn, startOrderLogOn, startSalesCheckOn } from './adapters/log-access.js';
import { createPgIdempotencyStore } from './adapters/pg-idempotency-store.js';
import { createPgOrderLog } from './adapters/pg-order-log.js';
import { createPgOrderProjection } from './adapters/pg-order-projection.js';
import type { AuditProgress } from './adapters/audit.js';
import { createSqliteIdempotencyStore } from './adapters/sqlite-idempotency-store.js';
import { createSqliteOrderLog } from './adapters/sqlite-order-log.js';
import { createSqliteOrderProjection } from './adapters/sqlite-order-projection.js';
import { createMessageWorker } from './adapters/message-worker.js';
import { orderMessageRoutes } from './adapters/order-messages-http.js';
import { phoneCodeRoutes } from './adapters/phone-codes-http.js';
import { createPgSmsLedger } from './adapters/pg-sms-ledger.js';
import { smsUsageRoutes } from './adapters/sms-usage-http.js';
import { createSqliteSmsLedger } from './adapters/sqlite-sms-ledger.js';
import { defaultSmsCeilings, type SmsCeilings } from './domain/sms-ceiling.js';
import { holdOverCeilings, type SmsCeilingDeps } from './sms-ceiling.js';
import { createPgPhoneCheckStore } from './adapters/pg-phone-checks.js';
import { createSqlitePhoneCheckStore } from './adapters/sqlite-phone-checks.js';
import { createPgSalesProjection } from './adapters/pg-sales-projection.js';
import { createSqliteSalesProjection } from './adapters/sqlite-sales-projection.js';
import { statsRoutes } from './adapters/stats-http.js';
import { checkSalesProjectionOn } from './adapters/sales-check.js';
import { checkStatusCountsOn } from './adapters/status-counts-check.js';
import { createPgMessageStore } from './adapters/pg-message-store.js';
import { createSqliteMessageStore } from './adapters/sqlite-message-store.js';
import { messagesFor, type MessageSettings } from './domain/messages.js';
import type { MessageOutbox, StoredMessage } from './message-outbox.js';
import type { PlacementLimits } from './place-order.js';
import type { OrderingPorts, OrderingStores, OrderNotices } from './ports.js';
import { demoCustomers, planDemoOrders, type DemoVariant } from './domain/demo-orders.js';
import { seedDemoOrders, type DemoCustomerAccount } from './seed-demo-orders.js';
import { describeAuditProblem, describeHead, formatHead, parseExpectedHead, type ExpectedHead } from './verify-audit-log.js';
import type { ChainKeying } from './adapters/hash-chain.js';
import { importOrders, type ImportOrdersDeps, type OrderToImport } from './import-orders.js';
import { headInTransaction, witnessProblemOn, type HeadWitness } from './adapters/head-witness.js';

export type { BlockedPhoneDto, BlockPhoneBody } from './adapters/blocked-phones-http.js';
export type { ProductSalesDto, SalesReportDto, SalesSummaryDto } from './adapters/stats-http.js';
export type { OrderMessageDto } from './adapters/order-messages-http.js';
export type { SmsUsageDto } from './adapters/sms-usage-http.js';
export type { SmsCeilings } from './domain/sms-ceiling.js';
export type { MessageSettings } from './domain/messages.js';
export type { AuditDto, FreshTotals, OrderDto, OrderEventDto, PlaceOrderBody, StatusBody } from './adapters/http.js';
export type { OrderEventType, OrderLine, OrderStatus } from './domain/order.js';
export type { GroupCommitOptions } from './adapters/group-commit.js';
export type { AuditReport, ExpectedHead } from './verify-audit-log.js';
export type { AuditProgress } from './adapters/audit.js';
export { describeAuditProblem, describeHead, parseExpectedHead };
/** The head witness (decision 049): the shop's writer, and what audit:verify, backup and restore read and write. */
export { createHeadWitness, isInside, readWitnessFile, witnessLine, witnessProblemOn, writeWitnessFileSync, type HeadWitness } from './adapters/head-witness.js';
export { witnessProblem, type WitnessedHead } from './verify-audit-log.js';
export type { OrderingPorts } from './ports.js';
export type { PlacementLimits } from './place-order.js';
export type { DemoCustomer, DemoVariant } from './domain/demo-orders.js';
export type { DemoCustomerAccount, SeededDemoOrders, SkippedStep } from './seed-demo-orders.js';
export { demoCustomers };

export type OrderingDeps = {
  database: ShopDatabase;
  clock: Clock;
  newId: IdGenerator;
  ports: OrderingPorts;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireAdmin: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** When set, event hashes are HMACs with this key. */
  auditKey?: string | undefined;
  /** Events GET /api/audit checks per call and per background turn (tests make it small). */
  auditSliceEvents?: number | undefined;
  /** How concurrent orders are batched into one transaction (decision 009); defaults suit production. */
  orderCommits?: GroupCommitOptions | undefined;
  /**
   * MAX_PENDING_ORDERS (per customer, 5), MAX_PENDING_PER_PHONE (3), ORDERS_PER_HOUR (per customer
   * and per phone, 20; decision 015), COD_BLOCK_AFTER_CANCELS (3; issue 16), ORDERS_PER_DAY (30),
   * MAX_ORDER_LINES (50), MAX_LINE_QUANTITY (99) and MAX_ORDER_TOTAL (500,000 taka; issue 40).
   */
  placementLimits?: Partial<PlacementLimits> | undefined;
  /** SHOP_PHONE, named in the refusals of the fake-order defences. */
  shopPhone: string;
  /** Invoices and packing slips (issue 40, decision 047): orders of more lines than `maxLines` (MAX_ORDER_LINES) get none. */
  documents?: { maxLines?: number } | undefined;
  /** CHECKOUT_OTP (decision 032): codes by SMS at checkout, their HMACs keyed with `secret` (SESSION_SECRET). */
  phoneCodes: { enabled: boolean; secret: string };
  /** The SMS ceilings and daily budget (issue 40, decision 048; SMS_PER_* and SMS_DAILY_BUDGET); defaultSmsCeilings where unset. */
  smsCeilings?: Partial<SmsCeilings> | undefined;
  /** TRUST_PROXY: which X-Forwarded-For entry is the client (a code's SMS counts per client address). */
  trustProxy?: number | boolean | undefined;
  /**
   * The messages about orders (issue 16): what the texts say and where the shop's alerts go, the
   * SMS and mail transports the worker sends through, and how often it looks (5 s by default).
   */
  messages: { settings: MessageSettings; sms: SmsSender; mailer: Mailer; logger: Logger; pollMs?: number | undefined; firstRetryMs?: number | undefined };
  /**
   * AUDIT_WITNESS_PATH's writer (decision 049): the start refuses a database behind it, and every
   * ordering transaction's head is appended to it after COMMIT and before anyone is answered.
   */
  headWitness?: HeadWitness | undefined;
};

/**
 * For the audit CLI, backup and restore: verifies a database's order log without a server, in
 * constant memory, against an expected head when an auditor kept one (decision 014).
 */
export function auditOrderLog(database: ShopDatabase, auditKey?: string, expectHead: ExpectedHead | null = null, progress?: AuditProgress, options: { chainInWorkerFrom?: number } = {}) {
  return auditOrderLogOn(database, auditKey, expectHead, progress, options);
}

/**
 * For `npm run import:original` (issue 19, decision 041): the old shop's orders into the log as
 * Imported events, without a server. A real run refuses, as the server does, when the log cannot
 * be written safely; a dry run only reads.
 */
export async function openOrderImport(database: ShopDatabase, options: { auditKey?: string | undefined; dryRun: boolean }) {
  let keying: ChainKeying = null;
  if (!options.dryRun) {
    const start = await startOrderLogOn(database, options.auditKey);
    if (!start.ok) throw new Error(start.message);
    keying = start.keying;
  }
  const stores = bindStores(database, {
    sqlite: (side) => ({ log: createSqliteOrderLog(side, keying), projection: createSqliteOrderProjection(side), sales: createSqliteSalesProjection(side) }),
    postgres: (db) => ({ log: createPgOrderLog(db, keying), projection: createPgOrderProjection(db), sales: createPgSalesProjection(db) }),
  });
  // `tx`: the import's one transaction (issue 40: a real run writes everything or nothing); else a transaction a batch.
  const transaction =
    (tx: Tx | undefined): ImportOrdersDeps['transaction'] =>
    (work) => {
      const locked = async (inTx: Tx) => {
        const s = stores.in(inTx);
        await s.log.lockHead();
        return work(s);
      };
      return tx ? locked(tx) : database.transaction(locked);
    };
  return { importOrders: (batch: readonly OrderToImport[], tx?: Tx) => importOrders({ transaction: transaction(tx) }, batch, options.dryRun) };
}
export type { ImportedOrderOutcome, OrderToImport } from './import-orders.js';
export type { OriginalOrder } from './domain/imported-order.js';

/** For audit:verify (decision 033): the sales projection compared cell by cell with a recomputation from the listing. */
export const checkSalesProjection = (database: ShopDatabase) => checkSalesProjectionOn(database);
/** For audit:verify: the desk's counts per status (issue 20, decision 045) against the listing. */
export const checkStatusCounts = (database: ShopDatabase) => checkStatusCountsOn(database);
/** The same check started now, to run beside the audit (a worker thread on a SQLite file; issue 20); `stop()` when its answer is not wanted. */
export const startSalesProjectionCheck = (database: ShopDatabase, options: { inWorkerFrom: number }) => startSalesCheckOn(database, options);
export type { SalesCheck } from './adapters/sales-check.js';

/** For audit:verify: the protective triggers missing or altered, and putting them back (as the tables' owner). */
export const orderLogProtections = {
  missing: (database: ShopDatabase) => missingTriggersOn(database),
  restore: (database: ShopDatabase) => restoreTriggersOn(database),
};

/**
 * The ordering module's whole public surface. Refuses, with a message for the operator, when the
 * order log cannot be written safely: its protective triggers or head are missing, or AUDIT_KEY
 * does not fit the key the log records (decision 014).
 */
export async function createOrderingModule(deps: OrderingDeps) {
  const { database } = deps;
  const start = await startOrderLogOn(database, deps.auditKey);
  if (!start.ok) throw new Error(start.message);
  const witness = deps.headWitness;
  if (witness) {
    const kept = witness.read();
    const behind = kept && (await witnessProblemOn(database, kept));
    if (behind) {
      throw new Error(
        `The database is behind its witness ${witness.path} (AUDIT_WITNESS_PATH): ${behind}. The shop refuses to start on it. ` +
          `Restore a backup at or past that head (\`npm run restore <file>\`; \`npm run audit:verify -- --witness <file>.head\` shows which), or, once you have investigated, move ${witness.path} away and start again.`,
      );
    }
    await witness.record(start.head);
  }
  const stores = bindStores(database, {
    sqlite: (side) => ({ log: createSqliteOrderLog(side, start.keying), projection: createSqliteOrderProjection(side), requests: createSqliteIdempotencyStore(side), blockedPhones: createSqliteBlockedPhoneStore(side), messages: createSqliteMessageStore(side), phoneChecks: createSqlitePhoneCheckStore(side), smsLedger: createSqliteSmsLedger(side), sales: createSqliteSalesProjection(side) }),
    postgres: (db) => ({ log: createPgOrderLog(db, start.keying), projection: createPgOrderProjection(db), requests: createPgIdempotencyStore(db), blockedPhones: createPgBlockedPhoneStore(db), messages: createPgMessageStore(db), phoneChecks: createPgPhoneCheckStore(db), smsLedger: createPgSmsLedger(db), sales: createPgSalesProjection(db) }),
  });
  const { settings } = deps.messages;
  const noticesIn = (outbox: MessageOutbox): OrderNotices => ({
    record: (event, order) => outbox.enqueue(event, messagesFor(event.type, order, settings)),
  });
  const storesIn = (tx: Tx): OrderingStores => {
    const bound = stores.in(tx);
    return { ...bound, notices: noticesIn(bound.messages), ports: deps.ports.in(tx) };
  };
  const outbox = stores.outside.messages;
  // The SMS ceilings (issue 40, decision 048): codes count in their own transaction, the order texts in the worker's gate.
  const smsCeilings: SmsCeilingDeps = { ceilings: { ...defaultSmsCeilings, ...deps.smsCeilings }, ownNumber: settings.alertPhone, alertEmail: settings.alertEmail, shopName: settings.shopName };
  const smsGate = (texts: readonly StoredMessage[]) => holdOverCeilings({ ...smsCeilings, clock: deps.clock }, (work) => database.transaction((tx) => work(stores.in(tx))), texts);
  // SMS_PROVIDER=none writes the SMS to the log: nothing leaves the shop, so nothing is counted.
  const smsLeave = deps.messages.sms.kind !== 'log';
  const messageWorker = createMessageWorker({ outbox, sms: deps.messages.sms, mailer: deps.messages.mailer, clock: deps.clock, logger: deps.messages.logger, pollMs: deps.messages.pollMs, firstRetryMs: deps.messages.firstRetryMs, holdOverCeilings: smsLeave ? smsGate : undefined });
  messageWorker.start();
  // Every ordering transaction takes the log's head first (decision 024).
  const begin = (s: OrderingStores) => s.log.lockHead();
  // The head each transaction ends with, appended to the witness once it committed (decision 049).
  const end = witness ? witnessAfterCommit(witness, headInTransaction(database), deps.messages.logger) : undefined;
  const commits = createGroupCommit(database, storesIn, { ...deps.orderCommits, begin, end });
  const transaction = async <T>(work: (s: OrderingStores) => Promise<T>) => {
    let after: (() => Promise<void>) | null = null;
    const value = await database.transaction(async (tx) => {
      const s = storesIn(tx);
      await begin(s);
      const done = await work(s);
      if (end) after = await end(tx);
      return done;
    });
    if (after) await (after as () => Promise<void>)();
    return value;
  };
  const limits: PlacementLimits = {
    maxPending: deps.placementLimits?.maxPending ?? 5,
    maxPendingPerPhone: deps.placementLimits?.maxPendingPerPhone ?? 3,
    perHour: deps.placementLimits?.perHour ?? 20,
    perDay: deps.placementLimits?.perDay ?? 30,
    maxOrderLines: deps.placementLimits?.maxOrderLines ?? 50,
    maxLineQuantity: deps.placementLimits?.maxLineQuantity ?? 99,
    maxOrderTotal: deps.placementLimits?.maxOrderTotal ?? 500_000,
    codBlockAfterCancels: deps.placementLimits?.codBlockAfterCancels ?? 3,
    checkoutOtp: deps.phoneCodes.enabled,
  };
  return {
    /** The log's head at start (count:last hash, for the start-up log) and the event keying began at, if it did now. */
    logAtStart: { head: formatHead(start.head), events: start.head.eventCount, keyedFrom: start.head.keyedFrom, keyedNow: start.keyedNow },
    /** Group commit counters: orders waiting for the next batch, batches and orders run so far. */
    orderBatches: () => commits.stats(),
    /**
     * The message worker: `runOnce()` sends what is due now (tests drive it with their clock);
     * `stop()` at shutdown, before the database closes.
     */
    messages: { runOnce: () => messageWorker.runOnce(), stop: () => messageWorker.stop() },
    /**
     * A demo shop's first start (issue 17): 28 days of demo orders up to now, from the demo
     * customers' accounts (`customers[i]` is demoCustomers[i] with its account), planned over the
     * catalogue's variants within the placement limits, and placed, confirmed and canceled through
     * the real ordering path. Only into an empty order log; refused steps are answered, not thrown.
     */
    seedDemoOrders: async (input: { variants: readonly DemoVariant[]; customers: readonly DemoCustomerAccount[]; admin: { userId: string; email: string } }) => {
      const plan = planDemoOrders({ variants: input.variants, customers: input.customers.length, now: deps.clock.now(), limits });
      const seeded = await seedDemoOrders(
        { log: stores.outside.log, ports: deps.ports, newId: deps.newId, commits, transaction, limits, shopPhone: deps.shopPhone },
        { plan, customers: input.customers, admin: input.admin },
      );
      return { ...seeded, days: plan.days };
    },
    routes: smsUsageRoutes(statsRoutes(phoneCodeRoutes(orderMessageRoutes(blockedPhoneRoutes(orderingRoutes({
      log: stores.outside.log,
      projection: stores.outside.projection,
      ports: deps.ports,
      clock: deps.clock,
      newId: deps.newId,
      commits,
      limits,
      shopPhone: deps.shopPhone,
      transaction,
      requireUser: deps.requireUser,
      requireAdmin: deps.requireAdmin,
      audit: incrementalAuditOn(database, start.keying, { sliceEvents: deps.auditSliceEvents }),
      shop: { name: settings.shopName, phone: settings.shopPhone ?? deps.shopPhone, email: settings.shopEmail },
      documents: deps.documents,
    }), { blockedPhones: stores.outside.blockedPhones, clock: deps.clock }), { projection: stores.outside.projection, messages: outbox }), {
      enabled: deps.phoneCodes.enabled,
      clock: deps.clock,
      secret: deps.phoneCodes.secret,
      shopName: deps.messages.settings.shopName,
      transaction: (work) => transaction((s) => work(s)),
      sendSms: (to, message) => deps.messages.sms.send(to, message),
      sms: smsLeave ? smsCeilings : null,
      trustProxy: deps.trustProxy ?? false,
    }), { sales: stores.outside.sales, clock: deps.clock }), { ledger: stores.outside.smsLedger, messages: outbox, ceilings: smsCeilings.ceilings, clock: deps.clock }),
  };
}

/**
 * What a transaction leaves for after its COMMIT: the head it ended with, appended durably to the
 * witness. A witness that cannot be written (a full or unmounted disk) does not undo what was
 * committed nor hold the shop: the answer goes out and the log says loudly, at most once a minute,
 * that the witness lags.
 */
function witnessAfterCommit(witness: HeadWitness, headIn: (tx: Tx) => Promise<{ eventCount: number; lastHash: string } | null>, logger: Logger) {
  let lastComplaint = 0;
  return async (tx: Tx) => {
    const head = await headIn(tx);
    if (!head) return null;
    return () =>
      witness.record(head).catch((error: unknown) => {
        if (Date.now() - lastComplaint < 60_000) return;
        lastComplaint = Date.now();
        logger.error('the head witness could not be written: orders are taken, but a rollback of the database past them would not be seen', { path: witness.path, error });
      });
  };
}
