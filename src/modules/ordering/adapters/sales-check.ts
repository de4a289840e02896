import type { ShopDatabase } from '../../../platform/database.js';

/**
 * For audit:verify (decision 033): the sales projection recomputed from the listing, in SQL, and
 * compared cell by cell with sales_days and product_sales_days (titles aside: a product renamed
 * during a day keeps the title of its latest order in either, but a cancel may leave the other).
 * The listing is itself checked against the log by the audit, so a match means the stats add up
 * to the log. Cells a cancel brought back to zero are rows the recomputation does not have.
 */
const sqlite = {
  day: (column: string) => `date(${column} / 1000 + 21600, 'unixepoch')`,
  lines: `from orders o, json_each(o.items) j`,
  field: (name: string) => `json_extract(j.value, '$.${name}')`,
  removed: 'o.removed',
};
const postgres = {
  day: (column: string) => `to_char((${column} at time zone 'UTC') + interval '6 hours', 'YYYY-MM-DD')`,
  lines: `from orders o cross join lateral jsonb_array_elements(o.items::jsonb) j`,
  field: (name: string) => `(j.value ->> '${name}')::bigint`,
  removed: 'o.removed',
};

function queries(d: typeof sqlite) {
  const days = `select ${d.day('o.placed_at')} as day,
      case when o.status = 'Canceled' then 'canceled' when ${d.removed} then 'deleted' when o.status = 'Confirmed' then 'confirmed' else 'pending' end as kind,
      count(*) as orders, sum(o.amount) as amount
    from orders o group by 1, 2`;
  const storedDays = 'select day, kind, orders, amount from sales_days where orders <> 0 or amount <> 0';
  const products = `select ${d.day('o.placed_at')} as day, ${d.field('productId').replace('::bigint', '')} as product_id,
      count(distinct o.id) as orders, sum(${d.field('quantity')}) as quantity, sum(${d.field('price')}) as revenue
    ${d.lines} where o.status <> 'Canceled' and not ${d.removed} group by 1, 2`;
  const storedProducts = 'select day, product_id, orders, quantity, revenue from product_sales_days where orders <> 0 or quantity <> 0 or revenue <> 0';
  const differing = (a: string, b: string) => `select (select count(*) from (${a} except ${b}) x) + (select count(*) from (${b} except ${a}) y) as n`;
  return {
    days: differing(days, storedDays),
    products: differing(products, storedProducts),
    cells: 'select (select count(*) from sales_days) as days, (select count(*) from product_sales_days) as products',
  };
}

export type SalesCheck = { dayCells: number; productCells: number; differingDayCells: number; differingProductCells: number };

export async function checkSalesProjectionOn(database: ShopDatabase): Promise<SalesCheck> {
  const q = queries(database.engine === 'sqlite' ? sqlite : postgres);
  const one = async (text: string): Promise<Record<string, unknown>> =>
    database.engine === 'sqlite' ? (database.handle.sqlite.prepare(text).get() as Record<string, unknown>) : ((await database.handle.pool.query(text)).rows[0] as Record<string, unknown>);
  const cells = await one(q.cells);
  return {
    dayCells: Number(cells.days),
    productCells: Number(cells.products),
    differingDayCells: Number((await one(q.days)).n),
    differingProductCells: Number((await one(q.products)).n),
  };
}
