import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { Actor } from '../../../ordering/index.js';
import { parcelRowOf, type BookingStore, type ParcelRow, type ParcelStore, type StoredBooking } from '../../stores.js';
import { cashOf, cashRowsSql, maxErrorLength } from '../delivery-query.js';
import { parcelBookings, parcels } from './schema.js';

type BookingRow = typeof parcelBookings.$inferSelect;
const toBooking = (row: BookingRow): StoredBooking => ({ ...row, requestedBy: JSON.parse(row.requestedBy) as Actor });

/**
 * The bookings queue on PostgreSQL, shared by every shop process: a claim locks the due rows it
 * picks FOR UPDATE SKIP LOCKED and moves them past their lease, so no booking is taken twice at once.
 */
export function createPgBookingStore(db: PgQueryable): BookingStore {
  return {
    async queue(rows) {
      const already: string[] = [];
      for (const row of rows) {
        const inserted = await db
          .insert(parcelBookings)
          .values({ ...row, requestedBy: JSON.stringify(row.requestedBy) })
          .onConflictDoNothing()
          .returning({ id: parcelBookings.id });
        if (inserted.length === 0) already.push(row.orderId);
      }
      return { already };
    },
    async claimDue(now, limit, leaseUntil) {
      const picked = db
        .select({ id: parcelBookings.id })
        .from(parcelBookings)
        .where(and(eq(parcelBookings.state, 'queued'), lte(parcelBookings.nextAttemptAt, now)))
        .orderBy(asc(parcelBookings.nextAttemptAt), asc(parcelBookings.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(parcelBookings)
        .set({ attempts: sql`${parcelBookings.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(sql`${parcelBookings.id} in (${picked})`)
        .returning();
      return rows.map(toBooking).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    },
    async settle(id, outcome, at) {
      const error = outcome.error === null ? null : outcome.error.slice(0, maxErrorLength);
      const next = outcome.state === 'queued' ? { nextAttemptAt: outcome.nextAttemptAt } : {};
      await db
        .update(parcelBookings)
        .set({ state: outcome.state, lastError: error, updatedAt: at, ...next })
        .where(and(eq(parcelBookings.id, id), eq(parcelBookings.state, 'queued')));
    },
    async latestOf(orderIds) {
      if (orderIds.length === 0) return new Map();
      const rows = await db.select().from(parcelBookings).where(inArray(parcelBookings.orderId, [...orderIds])).orderBy(asc(parcelBookings.createdAt), asc(parcelBookings.id));
      return new Map(rows.map((r) => [r.orderId, toBooking(r)]));
    },
    async pageOf(orderId, { limit, offset }) {
      const where = eq(parcelBookings.orderId, orderId);
      const items = await db.select().from(parcelBookings).where(where).orderBy(desc(parcelBookings.createdAt), desc(parcelBookings.id)).limit(limit).offset(offset);
      const [row] = await db.select({ n: count() }).from(parcelBookings).where(where);
      return { items: items.map(toBooking), total: row?.n ?? 0 };
    },
    async queuedCount() {
      const [row] = await db
        .select({ queued: count(), retrying: sql<number>`coalesce(sum(case when ${parcelBookings.lastError} is not null then 1 else 0 end), 0)`.mapWith(Number) })
        .from(parcelBookings)
        .where(eq(parcelBookings.state, 'queued'));
      return { queued: row?.queued ?? 0, retrying: row?.retrying ?? 0 };
    },
  };
}

/** The parcels table on PostgreSQL. */
export function createPgParcelStore(db: PgQueryable): ParcelStore {
  return {
    async save(order) {
      const row = parcelRowOf(order);
      if (!row) {
        await db.delete(parcels).where(eq(parcels.orderId, order.id));
        return;
      }
      const { orderId: _id, finalAt: _final, ...rest } = row;
      await db
        .insert(parcels)
        .values(row)
        .onConflictDoUpdate({ target: parcels.orderId, set: { ...rest, finalAt: sql`coalesce(${parcels.finalAt}, excluded.final_at)` } });
    },
    async byConsignment(courier, consignmentId) {
      const [row] = await db.select().from(parcels).where(and(eq(parcels.courier, courier), eq(parcels.consignmentId, consignmentId)));
      return (row as ParcelRow | undefined) ?? null;
    },
    async byOrderNumber(courier, orderNumber) {
      const [row] = await db.select().from(parcels).where(and(eq(parcels.courier, courier), eq(parcels.orderNumber, orderNumber)));
      return (row as ParcelRow | undefined) ?? null;
    },
    async cash(from, to) {
      const result = await db.execute<Record<string, unknown>>(cashRowsSql(parcels, from, to));
      return result.rows.map(cashOf);
    },
    async unsettled(courier, { limit, offset }) {
      const where = and(eq(parcels.courier, courier), inArray(parcels.status, ['delivered', 'partly_delivered']), isNull(parcels.settledAt));
      const items = (await db.select().from(parcels).where(where).orderBy(asc(parcels.finalAt), asc(parcels.orderId)).limit(limit).offset(offset)) as ParcelRow[];
      const [row] = await db.select({ n: count() }).from(parcels).where(where);
      return { items, total: row?.n ?? 0 };
    },
  };
}
