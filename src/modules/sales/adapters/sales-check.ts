import type { ShopDatabase } from '../../../platform/database.js';
import type { Sqlite } from '../../../platform/sqlite.js';
import { runWorker } from '../../../platform/worker-thread.js';

/**
 * For audit:verify (decision 033): the sales projection recomputed from the listing, in SQL, and
 * compared cell by cell with sales_days and product_sales_days (titles aside: a product renamed
 * during a day keeps the title of its latest order in either, but a cancel may leave the other).
 * The listing is itself checked against the log by the audit, so a match means the stats add up
 * to the log. Cells a cancel brought back to zero are rows the recomputation does not have.
 *
 * A cell differs when its row (key and figures) is on one side only: the rows of both sides,
 * grouped by all their columns, that appear once (each side has one row per key). On SQLite this
 * runs one Dhaka month at a time (issue 20): over the whole table the grouping held every
 * product-day cell of three years in temp b-trees (603,894 cells, ~190 MB of RSS with
 * temp_store=MEMORY); a month's cells are a few MB, read through orders_listed's (removed,
 * placed_at) and the projections' primary keys. PostgreSQL runs it whole: the grouping is the
 * server's, spilled to disk past work_mem, and the audit process holds one row.
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

/** `range`: SQL conditions on orders (`o.`) and on a projection's `day`, or none for the whole tables. */
function queries(d: typeof sqlite, range: { orders: string; days: string } | null) {
  const orders = range ? `where ${range.orders}` : '';
  const and = (condition: string) => (range ? `${condition} and ${range.days}` : condition);
  const days = `select ${d.day('o.placed_at')} as day,
      case when o.status = 'Canceled' then 'canceled' when ${d.removed} then 'deleted' when o.status = 'Confirmed' then 'confirmed' else 'pending' end as kind,
      count(*) as orders, sum(o.amount) as amount
    from orders o ${orders} group by 1, 2`;
  const storedDays = `select day, kind, orders, amount from sales_days where ${and('(orders <> 0 or amount <> 0)')}`;
  const products = `select ${d.day('o.placed_at')} as day, ${d.field('productId').replace('::bigint', '')} as product_id,
      count(distinct o.id) as orders, sum(${d.field('quantity')}) as quantity, sum(${d.field('price')}) as revenue
    ${d.lines} where o.status <> 'Canceled' and not ${d.removed} ${range ? `and ${range.orders}` : ''} group by 1, 2`;
  const storedProducts = `select day, product_id, orders, quantity, revenue from product_sales_days where ${and('(orders <> 0 or quantity <> 0 or revenue <> 0)')}`;
  const differing = (a: string, b: string, columns: string) => `select count(*) as n from (select 1 from (${a} union all ${b}) x group by ${columns} having count(*) = 1) y`;
  return {
    days: differing(days, storedDays, 'day, kind, orders, amount'),
    products: differing(products, storedProducts, 'day, product_id, orders, quantity, revenue'),
  };
}

export type SalesCheck = { dayCells: number; productCells: number; differingDayCells: number; differingProductCells: number };

const cellsQuery = 'select (select count(*) from sales_days) as days, (select count(*) from product_sales_days) as products';

/** The first day of the Dhaka month after `day` (YYYY-MM-DD). */
const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
/** Dhaka midnight starting `day`, in ms (UTC+06:00, no DST). */
const dhakaMidnight = (day: string) => Date.parse(`${day}T00:00:00+06:00`);

export async function checkSalesProjectionOn(database: ShopDatabase): Promise<SalesCheck> {
  if (database.engine === 'postgres') {
    const one = async (text: string) => (await database.handle.pool.query(text)).rows[0] as Record<string, unknown>;
    const q = queries(postgres, null);
    const cells = await one(cellsQuery);
    return { dayCells: Number(cells.days), productCells: Number(cells.products), differingDayCells: Number((await one(q.days)).n), differingProductCells: Number((await one(q.products)).n) };
  }
  return checkSqliteSales(database.handle.sqlite);
}

/** The SQLite check on a connection (the audit CLI's worker opens one of its own: sales-check-worker.ts). */
export function checkSqliteSales(db: Sqlite): SalesCheck {
  const cells = db.prepare(cellsQuery).get() as { days: number; products: number };
  // Every month anything is in: the first and last day of orders (both ends of orders_listed's
  // removed = 0 and 1; removed holds only those) and of either projection.
  const bounds = db
    .prepare(
      `select min(day) as first, max(day) as last from (
        select ${sqlite.day('min(placed_at)')} as day from orders where removed = 0 union all select ${sqlite.day('max(placed_at)')} from orders where removed = 0
        union all select ${sqlite.day('min(placed_at)')} from orders where removed = 1 union all select ${sqlite.day('max(placed_at)')} from orders where removed = 1
        union all select min(day) from sales_days union all select max(day) from sales_days
        union all select min(day) from product_sales_days union all select max(day) from product_sales_days)`,
    )
    .get() as { first: string | null; last: string | null };
  const q = queries(sqlite, { orders: 'o.removed in (0, 1) and o.placed_at >= @from and o.placed_at < @to', days: 'day >= @fromDay and day < @toDay' });
  const days = db.prepare(q.days).pluck();
  const products = db.prepare(q.products).pluck();
  let differingDayCells = 0;
  let differingProductCells = 0;
  if (bounds.first && bounds.last) {
    for (let month = `${bounds.first.slice(0, 7)}-01`; month <= bounds.last; month = nextMonth(month)) {
      const next = nextMonth(month);
      const range = { from: dhakaMidnight(month), to: dhakaMidnight(next), fromDay: month, toDay: next };
      differingDayCells += days.get(range) as number;
      differingProductCells += products.get(range) as number;
    }
  }
  return { dayCells: cells.days, productCells: cells.products, differingDayCells, differingProductCells };
}

/** checkSqliteSales in a worker thread on a read connection of its own (sales-check-worker.ts; issue 20). */
export const salesCheckInWorker = (file: string) => runWorker<SalesCheck>(import.meta.url, 'sales-check-worker', { file });
