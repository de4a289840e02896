import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { CustomerFields, CustomerRecord, CustomerStore } from './ports.js';

/**
 * Customer records (issue 36, decision 064): the people the shop's staff take orders for, by phone.
 * Every write runs inside an ordering transaction (the order log's head taken first), so two desks
 * taking orders for one new number, or a phone proven meanwhile, never make two records of it.
 */

/** Records one account may claim: its orders lists look up at most this many owners (a bound on every list). */
export const maxClaimsPerAccount = 20;

/**
 * The record of a phone for an order taken now: found and given the staff's latest name, address
 * and area (a guest's order, `keep`: left as it is), or made. Inside the order's unit of work: undone with it when the order is refused.
 */
export async function recordFor(deps: { clock: Clock; newId: IdGenerator }, store: CustomerStore, fields: CustomerFields, keep = false): Promise<CustomerRecord> {
  const now = deps.clock.now();
  const { phone, ...rest } = fields;
  const found = await store.byPhone(phone);
  const area = { name: rest.name, address: rest.address, district: rest.district ?? null, thana: rest.thana ?? null, deliveryLocation: rest.deliveryLocation };
  // A guest's order (keep) finds the record as it is: only the staff's orders write over it.
  if (found && keep) return found;
  if (found) {
    await store.update(found.id, rest, now);
    return { ...found, ...area, updatedAt: now };
  }
  const record: CustomerRecord = { id: deps.newId(), phone, ...area, userId: null, claimedAt: null, createdAt: now, updatedAt: now };
  await store.insert(record);
  return record;
}

export type ClaimOutcome = 'claimed' | 'already-theirs' | 'claimed-by-another' | 'too-many';

/**
 * An account proved `phone` with a checkout code (order-defences, in the code's transaction): the
 * phone's record becomes theirs, so My Orders, an order's page and its invoice show the orders the
 * staff took for it. Only ever after that proof. A record claimed by another account stays theirs
 * (the first to prove it; the desk cannot move it yet) while that account exists: a deleted
 * account's claim passes to the next account that proves the phone; a phone without a record gets one now, so
 * orders taken for it later are the account's at once. An account claims at most
 * `maxClaimsPerAccount` records.
 */
export async function claimPhone(
  deps: { newId: IdGenerator; accountExists: (userId: string) => Promise<boolean> },
  store: CustomerStore,
  userId: string,
  phone: string,
  now: Date,
): Promise<ClaimOutcome> {
  const found = await store.byPhone(phone);
  if (found?.userId === userId) return 'already-theirs';
  // The holder's account was deleted: its claim is nobody's, so it passes on (conditionally: only from that holder).
  const gone = found?.userId ? !(await deps.accountExists(found.userId)) : false;
  if (found?.userId && !gone) return 'claimed-by-another';
  if ((await store.claimedBy(userId, maxClaimsPerAccount)).length >= maxClaimsPerAccount) return 'too-many';
  if (found) return (await store.claim(found.id, userId, now, gone ? found.userId : null)) ? 'claimed' : 'claimed-by-another';
  await store.insert({ id: deps.newId(), phone, name: '', address: '', district: null, thana: null, deliveryLocation: null, userId, claimedAt: now, createdAt: now, updatedAt: now });
  return 'claimed';
}
