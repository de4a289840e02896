import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { Actor } from '../../../ordering/index.js';
import { parcelRowOf, type BookingStore, type CourierCash, type ParcelRow, type ParcelStore, type StoredBooking } from '../../stores.js';
import { cashOf, cashRowsSql, maxErrorLength } from '../delivery-query.js';
import { parcelBookings, parcels } from './schema.js';

type BookingRow = typeof parcelBookings.$inferSelect;
const toBooking = (row: BookingRow): StoredBooking => ({ ...row, requestedBy: JSON.parse(row.requestedBy) as Actor });

/** The bookings queue on SQLite: one process, so a claim is one UPDATE ... RETURNING under the writer lock. */
export function createSqliteBookingStore({ read, writer, write }: SqliteSide): BookingStore {
  return {
    queue: (rows) =>
      write(() => {
        const already: string[] = [];
        for (const row of rows) {
          const inserted = writer
            .insert(parcelBookings)
            .values({ ...row, requestedBy: JSON.stringify(row.requestedBy) })
            .onConflictDoNothing()
            .run();
          if (inserted.changes === 0) already.push(row.orderId);
        }
        return { already };
      }),
    claimDue: (now, limit, leaseUntil) =>
      write(() => {
        const due = writer
          .select({ id: parcelBookings.id })
          .from(parcelBookings)
          .where(and(eq(parcelBookings.state, 'queued'), lte(parcelBookings.nextAttemptAt, now)))
          .orderBy(asc(parcelBookings.nextAttemptAt), asc(parcelBookings.id))
          .limit(limit);
        return writer
          .update(parcelBookings)
          .set({ attempts: sql`${parcelBookings.attempts} + 1`, nextAttemptAt: leaseUntil })
          .where(inArray(parcelBookings.id, due))
          .returning()
          .all()
          .map(toBooking);
      }),
    settle: (id, outcome, at) =>
      write(() => {
        const error = outcome.error === null ? null : outcome.error.slice(0, maxErrorLength);
        const next = outcome.state === 'queued' ? { nextAttemptAt: outcome.nextAttemptAt } : {};
        writer
          .update(parcelBookings)
          .set({ state: outcome.state, lastError: error, updatedAt: at, ...next })
          .where(and(eq(parcelBookings.id, id), eq(parcelBookings.state, 'queued')))
          .run();
      }),
    latestOf: async (orderIds) => {
      if (orderIds.length === 0) return new Map();
      const rows = read.select().from(parcelBookings).where(inArray(parcelBookings.orderId, [...orderIds])).orderBy(asc(parcelBookings.createdAt), asc(parcelBookings.id)).all();
      return new Map(rows.map((r) => [r.orderId, toBooking(r)]));
    },
    pageOf: async (orderId, { limit, offset }) => {
      const where = eq(parcelBookings.orderId, orderId);
      const items = read.select().from(parcelBookings).where(where).orderBy(desc(parcelBookings.createdAt), desc(parcelBookings.id)).limit(limit).offset(offset).all();
      return { items: items.map(toBooking), total: read.select({ n: count() }).from(parcelBookings).where(where).get()?.n ?? 0 };
    },
    queuedCount: async () => {
      const row = read
        .select({ queued: count(), retrying: sql<number>`coalesce(sum(case when ${parcelBookings.lastError} is not null then 1 else 0 end), 0)`.mapWith(Number) })
        .from(parcelBookings)
        .where(eq(parcelBookings.state, 'queued'))
        .get();
      return { queued: row?.queued ?? 0, retrying: row?.retrying ?? 0 };
    },
  };
}

/** The parcels table on SQLite. */
export function createSqliteParcelStore({ read, writer, write }: SqliteSide): ParcelStore {
  return {
    save: (order) =>
      write(() => {
        const row = parcelRowOf(order);
        if (!row) {
          writer.delete(parcels).where(eq(parcels.orderId, order.id)).run();
          return;
        }
        const { orderId: _id, finalAt: _final, ...rest } = row;
        // final_at is when the parcel first became final: a later receipt or payout keeps it.
        writer
          .insert(parcels)
          .values(row)
          .onConflictDoUpdate({ target: parcels.orderId, set: { ...rest, finalAt: sql`coalesce(${parcels.finalAt}, excluded.final_at)` } })
          .run();
      }),
    byConsignment: async (courier, consignmentId) => (read.select().from(parcels).where(and(eq(parcels.courier, courier), eq(parcels.consignmentId, consignmentId))).get() as ParcelRow | undefined) ?? null,
    byOrderNumber: async (courier, orderNumber) => (read.select().from(parcels).where(and(eq(parcels.courier, courier), eq(parcels.orderNumber, orderNumber))).get() as ParcelRow | undefined) ?? null,
    cash: async (from, to): Promise<CourierCash[]> => {
      const rows = read.all<Record<string, unknown>>(cashRowsSql(parcels, from.getTime(), to.getTime()));
      return rows.map(cashOf);
    },
    unsettled: async (courier, { limit, offset }) => {
      const where = and(eq(parcels.courier, courier), inArray(parcels.status, ['delivered', 'partly_delivered']), isNull(parcels.settledAt));
      const items = read.select().from(parcels).where(where).orderBy(asc(parcels.finalAt), asc(parcels.orderId)).limit(limit).offset(offset).all() as ParcelRow[];
      return { items, total: read.select({ n: count() }).from(parcels).where(where).get()?.n ?? 0 };
    },
  };
}
