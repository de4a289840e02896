import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/sqlite.js';
import type { OrderLine, OrderState, OrderStatus, PlacedSnapshot } from '../domain/order.js';
import type { DeliveryZone } from '../domain/totals.js';
import type { OrderProjection } from '../ports.js';
import { orders } from './schema.js';

type Row = typeof orders.$inferSelect;

/** A listing row as an order's state (also used by the audit's streaming reader). */
export const toState = (r: Row): OrderState => {
  const placed: PlacedSnapshot = {
    owner: { userId: r.ownerUserId, email: r.email },
    name: r.name,
    phone: r.phone,
    address: r.address,
    deliveryLocation: r.deliveryLocation as DeliveryZone,
    paymentMethod: 'Cash On Delivery',
    appliedCoupon: r.appliedCoupon,
    discountBasisPoints: r.discountBasisPoints,
    lines: JSON.parse(r.items) as OrderLine[],
    subtotal: r.subtotal,
    discount: r.discount,
    fee: r.fee,
    total: r.amount,
  };
  return { id: r.id, placed, status: r.status as OrderStatus, removed: r.removed, placedAt: r.placedAt, updatedAt: r.updatedAt, version: r.version };
};

const toRow = (s: OrderState): Row => ({
  id: s.id,
  ownerUserId: s.placed.owner.userId,
  email: s.placed.owner.email,
  name: s.placed.name,
  phone: s.placed.phone,
  address: s.placed.address,
  deliveryLocation: s.placed.deliveryLocation,
  paymentMethod: s.placed.paymentMethod,
  appliedCoupon: s.placed.appliedCoupon,
  discountBasisPoints: s.placed.discountBasisPoints,
  subtotal: s.placed.subtotal,
  discount: s.placed.discount,
  fee: s.placed.fee,
  amount: s.placed.total,
  items: JSON.stringify(s.placed.lines),
  status: s.status,
  removed: s.removed,
  placedAt: s.placedAt,
  updatedAt: s.updatedAt,
  version: s.version,
});

export function createSqliteOrderProjection(db: Db): OrderProjection {
  const byId = db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))).prepare();
  const listFor = db
    .select()
    .from(orders)
    .where(and(eq(orders.ownerUserId, sql.placeholder('userId')), eq(orders.removed, false)))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .prepare();
  const listAll = db.select().from(orders).where(eq(orders.removed, false)).orderBy(desc(orders.placedAt), desc(orders.id)).prepare();
  // Prepared once (it runs for every order placed): every column a placeholder, an update takes them all.
  const columns = Object.entries(getTableColumns(orders));
  const upsert = db
    .insert(orders)
    .values(Object.fromEntries(columns.map(([key]) => [key, sql.placeholder(key)])) as unknown as Row)
    .onConflictDoUpdate({ target: orders.id, set: Object.fromEntries(columns.filter(([key]) => key !== 'id').map(([key, column]) => [key, sql`excluded.${sql.identifier(column.name)}`])) })
    .prepare();
  return {
    save(state) {
      upsert.run(toRow(state));
    },
    byId: (id) => {
      const row = byId.get({ id });
      return row ? toState(row) : null;
    },
    listFor: (userId) => listFor.all({ userId }).map(toState),
    listAll: () => listAll.all().map(toState),
    everything: () => db.select().from(orders).all().map(toState),
  };
}
