import { and, eq, gte, lt, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { OrderFilter } from '../ports.js';

/** The listing columns the admins' filter reads, from either engine's table. */
type Columns = { removed: Column; status: Column; placedAt: Column; orderNumber: Column; phone: Column; name: Column; email: Column };

/** `text` inside a LIKE pattern as itself: %, _ and \ escaped (the patterns say `escape '\'`). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The admins' order desk (decision 030): orders not removed, narrowed by status, by the time they
 * were placed (`from` inclusive, `to` exclusive) and by `q`. A `q` of digits (spaces, dashes and a
 * leading + ignored) is an order number or part of a phone number; any other `q` is part of a
 * name or an email, letter case ignored (`contains` is the engine's caseless LIKE).
 */
export function orderFilterWhere(t: Columns, filter: OrderFilter, contains: (column: Column, pattern: string) => SQL): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(t.removed, false)];
  if (filter.status) conditions.push(eq(t.status, filter.status));
  if (filter.from) conditions.push(gte(t.placedAt, filter.from));
  if (filter.to) conditions.push(lt(t.placedAt, filter.to));
  const q = filter.q?.trim();
  if (q) {
    const digits = q.replace(/[\s-]/g, '').replace(/^\+/, '');
    if (/^\d{1,15}$/.test(digits)) {
      const asNumber = Number(digits);
      conditions.push(or(...(asNumber <= 2_147_483_647 ? [eq(t.orderNumber, asNumber)] : []), contains(t.phone, `%${digits}%`)));
    } else {
      const pattern = `%${literal(q)}%`;
      conditions.push(or(contains(t.name, pattern), contains(t.email, pattern)));
    }
  }
  return and(...conditions);
}

/** SQLite: LIKE ignores the case of ASCII letters only; lower() both sides for the rest. */
export const sqliteContains = (column: Column, pattern: string): SQL => sql`lower(${column}) like lower(${pattern}) escape '\\'`;
/** PostgreSQL: ILIKE. */
export const pgContains = (column: Column, pattern: string): SQL => sql`${column} ilike ${pattern} escape '\\'`;
