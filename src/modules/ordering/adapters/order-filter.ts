import { and, eq, gte, isNull, lt, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { OrderFilter } from '../ports.js';

/**
 * Not canceled by its customer (issue 33): the customer's own lists leave those out (the spec's
 * customer delete), the admins' desk lists them. Null (never canceled) or 'shop'.
 */
export const notCanceledByCustomer = (t: { canceledBy: Column }): SQL => or(isNull(t.canceledBy), eq(t.canceledBy, 'shop'))!;

/** The listing columns the admins' filter reads, from either engine's table. */
type Columns = { removed: Column; status: Column; placedAt: Column; orderNumber: Column; phone: Column; name: Column; email: Column; deliveryStatus: Column };

/** `text` inside a LIKE pattern as itself: %, _ and \ escaped (the patterns say `escape '\'`). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The admins' order desk (decision 030): orders not removed (deleted by an admin; those their
 * customer canceled stay, issue 33), narrowed by status, by the time they
 * were placed (`from` inclusive, `to` exclusive) and by `q`. A `q` of digits (spaces, dashes and a
 * leading + ignored) is an order number or part of a phone number; any other `q` is part of a
 * name or an email, letter case ignored (`contains` is the engine's caseless LIKE).
 */
export function orderFilterWhere(
  t: Columns,
  filter: OrderFilter,
  contains: (column: Column, pattern: string) => SQL,
  phoneContains: (digits: string) => SQL = (digits) => contains(t.phone, `%${digits}%`),
): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(t.removed, false)];
  if (filter.status) conditions.push(eq(t.status, filter.status));
  if (filter.delivery === 'unbooked') conditions.push(eq(t.status, 'Confirmed'), isNull(t.deliveryStatus));
  else if (filter.delivery) conditions.push(eq(t.deliveryStatus, filter.delivery));
  if (filter.from) conditions.push(gte(t.placedAt, filter.from));
  if (filter.to) conditions.push(lt(t.placedAt, filter.to));
  const q = filter.q?.trim();
  if (q) {
    const digits = q.replace(/[\s-]/g, '').replace(/^\+/, '');
    if (/^\d{1,15}$/.test(digits)) {
      const asNumber = Number(digits);
      conditions.push(or(...(asNumber <= 2_147_483_647 ? [eq(t.orderNumber, asNumber)] : []), phoneContains(digits)));
    } else {
      const pattern = `%${literal(q)}%`;
      conditions.push(or(contains(t.name, pattern), contains(t.email, pattern)));
    }
  }
  return and(...conditions);
}

/**
 * The trigram indexes (issue 20) answer a substring of 3 characters or more: SQLite's FTS5 table
 * orders_phone_search, PostgreSQL's pg_trgm GIN index on orders.phone. A shorter one (1-2 digits,
 * also matched as an order number) has no trigram to look up: it scans, as before.
 */
export const trigramMinimum = 3;

/** SQLite: LIKE ignores the case of ASCII letters only; lower() both sides for the rest. */
export const sqliteContains = (column: Column, pattern: string): SQL => sql`lower(${column}) like lower(${pattern}) escape '\\'`;
/** PostgreSQL: ILIKE. */
export const pgContains = (column: Column, pattern: string): SQL => sql`${column} ilike ${pattern} escape '\\'`;

/**
 * SQLite, a phone containing `digits` (digits only: no case, nothing to escape). From 3 digits,
 * `matchingIds` asks the FTS5 trigram table for the orders whose phone contains them and answers
 * their ids, or undefined when there are too many: then, as for 1-2 digits, the scan of the
 * listing, which finds a page of a common substring early in its index order where looking up
 * ~460,000 ids would take seconds (SQLite's planner cannot weigh the two; PostgreSQL's can).
 */
export const sqlitePhoneContains =
  (t: { id: Column; phone: Column }, matchingIds: (digits: string) => readonly string[] | undefined) =>
  (digits: string): SQL => {
    const ids = digits.length >= trigramMinimum ? matchingIds(digits) : undefined;
    return ids ? sql`${t.id} in (select value from json_each(${JSON.stringify(ids)}))` : sqliteContains(t.phone, `%${digits}%`);
  };

/** PostgreSQL: a plain LIKE (digits only: no case, nothing to escape), which the pg_trgm GIN index serves from 3 digits. */
export const pgPhoneContains =
  (t: { phone: Column }) =>
  (digits: string): SQL =>
    sql`${t.phone} like ${`%${digits}%`}`;
