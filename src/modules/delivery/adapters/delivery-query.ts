import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { parcels as pgParcels } from './postgres/schema.js';
import type { parcels as sqliteParcels } from './sqlite/schema.js';
import type { CourierCash } from '../stores.js';
import type { CourierName } from '../domain/delivery.js';

/** The longest reason kept in a booking's last_error. */
export const maxErrorLength = 300;

/**
 * The cash report's one query, the same on both engines (times as the engine binds them: SQLite's
 * milliseconds, PostgreSQL's timestamps): per courier, in one pass over its parcels.
 */
export function cashRowsSql(p: typeof sqliteParcels | typeof pgParcels, from: number | Date, to: number | Date): SQL {
  const delivered = sql`${p.status} in ('delivered', 'partly_delivered')`;
  const inPeriod = (column: SQLWrapper) => sql`(${column} >= ${from} and ${column} < ${to})`;
  const held = sql`(${delivered} and ${p.settledAt} is null)`;
  const sum = (when: SQL, what: SQLWrapper) => sql`coalesce(sum(case when ${when} then coalesce(${what}, 0) else 0 end), 0)`;
  const n = (when: SQL) => sql`coalesce(sum(case when ${when} then 1 else 0 end), 0)`;
  const deliveredInPeriod = sql`(${delivered} and ${inPeriod(p.finalAt)})`;
  const settledInPeriod = inPeriod(p.settledAt);
  const returnedInPeriod = sql`(${p.status} = 'returned' and ${inPeriod(p.finalAt)})`;
  return sql`select ${p.courier} as courier,
    ${n(held)} as held_parcels, ${sum(held, p.collectedAmount)} as held_amount, ${sum(held, p.deliveryCharge)} as held_charges,
    ${n(deliveredInPeriod)} as delivered_parcels, ${sum(deliveredInPeriod, p.collectedAmount)} as collected_amount,
    ${n(settledInPeriod)} as settled_parcels, ${sum(settledInPeriod, p.settledAmount)} as settled_amount, ${sum(settledInPeriod, p.settledFee)} as settled_fees,
    ${n(returnedInPeriod)} as returned_parcels, ${sum(returnedInPeriod, p.deliveryCharge)} as return_charges, ${n(sql`(${returnedInPeriod} and ${p.returnReceivedAt} is not null)`)} as returns_received
    from ${p} where ${held} or ${inPeriod(p.finalAt)} or ${settledInPeriod}
    group by ${p.courier} order by ${p.courier}`;
}

export const cashOf = (r: Record<string, unknown>): CourierCash => ({
  courier: String(r.courier) as CourierName,
  heldParcels: Number(r.held_parcels),
  heldAmount: Number(r.held_amount),
  heldCharges: Number(r.held_charges),
  deliveredParcels: Number(r.delivered_parcels),
  collectedAmount: Number(r.collected_amount),
  settledParcels: Number(r.settled_parcels),
  settledAmount: Number(r.settled_amount),
  settledFees: Number(r.settled_fees),
  returnedParcels: Number(r.returned_parcels),
  returnCharges: Number(r.return_charges),
  returnsReceived: Number(r.returns_received),
});
