import type { StaffGuard } from '../../platform/http/contract.js';
import type { MiddlewareHandler } from 'hono';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { AuthVariables } from '../identity/index.js';
import type { MessagesModule } from '../messages/index.js';
import { blockedPhoneRoutes } from './adapters/blocked-phones-http.js';
import { phoneCodeRoutes } from './adapters/phone-codes-http.js';
import { createPgBlockedPhoneStore } from './adapters/postgres/blocked-phones.js';
import { createPgPhoneCheckStore } from './adapters/postgres/phone-checks.js';
import { createSqliteBlockedPhoneStore } from './adapters/sqlite/blocked-phones.js';
import { createSqlitePhoneCheckStore } from './adapters/sqlite/phone-checks.js';
import { isProven } from './domain/phone-check.js';
import { guestProofMatches } from './phone-codes.js';
import { guestCaller } from '../ordering/index.js';

export type { BlockedPhoneDto, BlockPhoneBody } from './adapters/blocked-phones-http.js';

/**
 * The order defences against fake orders (issue 16, decision 032; their own module since decision
 * 050): the admins' phone blocklist and the checkout phone codes. Placing an order asks them inside
 * its unit of work through ordering's ports (`isBlockedIn`, `isProvenIn`, wired in src/shop.ts);
 * the counting limits and the COD block count orders and stay with ordering's listing.
 */
export type OrderDefencesDeps = {
  database: ShopDatabase;
  clock: Clock;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireStaff: StaffGuard;
  /** CHECKOUT_OTP (decision 032): codes by SMS at checkout, their HMACs keyed with `secret` (SESSION_SECRET). */
  phoneCodes: { enabled: boolean; secret: string };
  /** GUEST_CHECKOUT (issue 36, decision 066): visitors ask and answer codes too (POST /api/guest/phone-codes...), and get a proof for their order. */
  guestCheckout?: boolean | undefined;
  shopName: string;
  /** TRUST_PROXY: which X-Forwarded-For entry is the client (a code's SMS counts per client address). */
  trustProxy?: number | boolean | undefined;
  /** A code's SMS: counted against the ceilings in the code's transaction, then sent at once. */
  sms: Pick<MessagesModule, 'admitCodeIn' | 'sendNow'>;
  /**
   * The transaction a code is given and answered in: ordering's, which takes the log's head first,
   * so that answers to one code never race, on any process.
   */
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  /**
   * An account proved a phone with a code (issue 36): the phone's customer record becomes theirs
   * (the customers module's, wired by the composition root), in the code's transaction. Absent: nothing is claimed.
   */
  claimPhone?: ((tx: Tx, userId: string, phone: string, now: Date) => Promise<unknown>) | undefined;
};

export function createOrderDefencesModule(deps: OrderDefencesDeps) {
  const stores = bindStores(deps.database, {
    sqlite: (side) => ({ blockedPhones: createSqliteBlockedPhoneStore(side), phoneChecks: createSqlitePhoneCheckStore(side) }),
    postgres: (db) => ({ blockedPhones: createPgBlockedPhoneStore(db), phoneChecks: createPgPhoneCheckStore(db) }),
  });
  return {
    /** Whether the number is on the blocklist, inside an ordering transaction. */
    isBlockedIn: (tx: Tx, phone: string) => stores.in(tx).blockedPhones.isBlocked(phone),
    /** Whether the customer proved the number with a code still valid at `now`, inside an ordering transaction. */
    isProvenIn: async (tx: Tx, userId: string, phone: string, now: Date) => isProven(await stores.in(tx).phoneChecks.get(userId, phone), now),
    /** Whether a visitor's proof of the number (its guest code's right answer) still counts at `now`, inside an ordering transaction. */
    isGuestProvenIn: async (tx: Tx, phone: string, proof: string, now: Date) =>
      guestProofMatches(deps.phoneCodes.secret, await stores.in(tx).phoneChecks.get(guestCaller(phone).userId, phone), phone, proof, now),
    routes: [
      blockedPhoneRoutes({ blockedPhones: stores.outside.blockedPhones, clock: deps.clock, requireStaff: deps.requireStaff }),
      phoneCodeRoutes({
        enabled: deps.phoneCodes.enabled,
        clock: deps.clock,
        secret: deps.phoneCodes.secret,
        shopName: deps.shopName,
        transaction: (work) =>
          deps.transaction((tx) =>
            work({
              phoneChecks: stores.in(tx).phoneChecks,
              admitSms: (sms) => deps.sms.admitCodeIn(tx, sms),
              claimPhone: async (userId, phone, now) => void (await deps.claimPhone?.(tx, userId, phone, now)),
            }),
          ),
        sendSms: (to, message) => deps.sms.sendNow(to, message),
        trustProxy: deps.trustProxy ?? false,
        requireUser: deps.requireUser,
        guestCheckout: deps.guestCheckout === true,
      }),
    ],
  };
}
