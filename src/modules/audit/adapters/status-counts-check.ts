import type { ShopDatabase } from '../../../platform/database.js';

/**
 * For audit:verify (issue 20): the desk's counts per status (orders_status_counts, kept by triggers
 * on orders) against a count of the listing itself, which the audit checks against the log. One
 * grouped count over orders_listed_status: ~0.1 s over 500,000 orders. A status whose orders were
 * all removed keeps a row of 0, which the listing's count does not have.
 */
export type StatusCountsCheck = { statuses: number; differing: Array<{ status: string; kept: number; listed: number }> };

const kept = 'select status, orders from orders_status_counts where orders <> 0';
const listed = { sqlite: 'select status, count(*) as orders from orders where removed = 0 group by status', postgres: 'select status, count(*) as orders from orders where not removed group by status' };

export async function checkStatusCountsOn(database: ShopDatabase): Promise<StatusCountsCheck> {
  const rows = async (text: string) =>
    (database.engine === 'sqlite' ? database.handle.sqlite.prepare(text).all() : (await database.handle.pool.query(text)).rows) as Array<{ status: string; orders: number | string }>;
  const asMap = (list: Array<{ status: string; orders: number | string }>) => new Map(list.map((r) => [r.status, Number(r.orders)]));
  const stored = asMap(await rows(kept));
  const counted = asMap(await rows(listed[database.engine]));
  const statuses = [...new Set([...stored.keys(), ...counted.keys()])].sort();
  return {
    statuses: statuses.length,
    differing: statuses.filter((s) => stored.get(s) !== counted.get(s)).map((status) => ({ status, kept: stored.get(status) ?? 0, listed: counted.get(status) ?? 0 })),
  };
}
