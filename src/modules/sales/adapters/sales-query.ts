import { sql } from 'drizzle-orm';

// The sales projection's upsert pieces that are the same on SQLite and PostgreSQL.

/** `<table>.<column> + excluded.<column>`: an upsert adds the delta to the stored cell. */
export const plusExcluded = (table: string, column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)} + excluded.${sql.identifier(column)}`;
/** A cancel's negative row keeps the title an order placed gave; a positive one brings the latest. */
export const latestTitle = sql`case when excluded."orders" > 0 then excluded."title" else "product_sales_days"."title" end`;
