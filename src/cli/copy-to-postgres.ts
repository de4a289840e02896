/**
 * The copy at the heart of `npm run move-to-postgres` (issue 14): every row of a SQLite shop into a
 * migrated, empty PostgreSQL database, in one PostgreSQL transaction, so the database holds the
 * whole shop or, on any error, nothing of it.
 *
 * Rows are read one at a time and sent in multi-row INSERTs of a bounded size: memory stays
 * constant whatever the size of the shop. Values are converted by the PostgreSQL column's type
 * (decision 022): SQLite's millisecond integers become timestamptz (exact to the millisecond),
 * 0/1 booleans, and text (JSON included) goes as it is, so the order log's payloads keep the
 * bytes their hashes cover. order_events and the head are copied verbatim: the hash chain, the key
 * switch and the head's MAC verify on PostgreSQL as they did on SQLite. The log's triggers refuse
 * UPDATE, DELETE and TRUNCATE, not INSERT; the head row the migration made is moved forward to
 * SQLite's, which its trigger allows.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';

/**
 * Every table of the shop, parents before children (products -> categories, password_resets ->
 * users). order_log_head is not in it: it has one row, which the migration made and the copy
 * moves forward. A table missing here is refused rather than left behind.
 */
const copiedTables = ['categories', 'products', 'product_variants', 'users', 'password_resets', 'cart_lines', 'coupons', 'sliders', 'orders', 'order_requests', 'order_events', 'blocked_phones', 'order_messages', 'phone_checks', 'sms_sends', 'sales_days', 'product_sales_days', 'parcel_bookings', 'parcels', 'payment_holds', 'payment_attempts', 'courier_records', 'customers'] as const;

/**
 * What each engine derives from the copied rows by itself (decision 027): SQLite's full-text
 * tables (FTS5, with their shadow tables) and PostgreSQL's search column, both filled by triggers.
 * So are the desk's counts per status (issue 20): PostgreSQL's triggers count the orders as they
 * are copied (copying the rows too would count them twice); its phone index is an index.
 */
const derivedSqliteTable = /^((products|orders_phone)_search(_(data|idx|content|docsize|config|keys))?|orders_status_counts)$/;
const derivedPostgresColumns: Record<string, readonly string[]> = { products: ['search'] };

/** A move that must not happen (the target holds data, the schemas differ): nothing was written. */
export class MoveRefusedError extends Error {}

export type CopiedTable = { name: string; rows: number };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** PostgreSQL bind parameters per statement are at most 65,535; rows per INSERT stay well below. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.min(500, Math.floor(60_000 / columns)));

type Convert = (value: unknown, table: string, column: string) => unknown;

const unexpected = (value: unknown, table: string, column: string, wanted: string) =>
  new MoveRefusedError(`${table}.${column} holds ${JSON.stringify(value)} where ${wanted} was expected; nothing was copied`);

/** SQLite's value -> the value PostgreSQL's column of that type takes. */
function converterFor(dataType: string): Convert {
  switch (dataType) {
    case 'timestamp with time zone':
      return (v, t, c) => {
        if (v === null) return null;
        if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw unexpected(v, t, c, 'a time in milliseconds');
        return new Date(v).toISOString();
      };
    case 'boolean':
      return (v, t, c) => {
        if (v === null) return null;
        if (v !== 0 && v !== 1) throw unexpected(v, t, c, '0 or 1');
        return v === 1;
      };
    case 'integer':
    case 'bigint':
      return (v, t, c) => {
        if (v !== null && (typeof v !== 'number' || !Number.isSafeInteger(v))) throw unexpected(v, t, c, 'an integer');
        return v;
      };
    case 'text':
    case 'json':
      return (v, t, c) => {
        if (v !== null && typeof v !== 'string') throw unexpected(v, t, c, 'text');
        return v;
      };
    default:
      throw new MoveRefusedError(`move-to-postgres does not know PostgreSQL's type ${dataType}; nothing was copied`);
  }
}

async function postgresColumns(client: pg.PoolClient, table: string): Promise<Map<string, string>> {
  const result = await client.query<{ column_name: string; data_type: string }>(
    "select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position",
    [table],
  );
  return new Map(result.rows.map((r) => [r.column_name, r.data_type]));
}

/** The tables of the SQLite file that hold the shop's data (not SQLite's own, not the migrations' record). */
function sqliteTables(sqlite: Database.Database): string[] {
  return (sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name <> '__drizzle_migrations' order by name").pluck().all() as string[]);
}

/** Refuses unless every shop table is empty and the head is where a new log starts. */
async function refuseUnlessEmpty(client: pg.PoolClient): Promise<void> {
  const holding: string[] = [];
  for (const table of copiedTables) {
    const result = await client.query<{ any: boolean }>(`select exists (select 1 from ${quote(table)}) as any`);
    if (result.rows[0]?.any) holding.push(table);
  }
  const head = await client.query<{ event_count: string; last_id: string }>('select event_count, last_id from order_log_head where id = 1');
  if (Number(head.rows[0]?.event_count ?? 0) !== 0 || Number(head.rows[0]?.last_id ?? 0) !== 0) holding.push('order_log_head');
  if (holding.length) {
    throw new MoveRefusedError(`the PostgreSQL database already holds shop data (in ${holding.join(', ')}): move-to-postgres fills an empty database only. Nothing was copied.`);
  }
}

/**
 * Copies `sqlite` (a connection the caller keeps locked: no server may write meanwhile) into the
 * database behind `pool`, migrated to the same version. Throws MoveRefusedError, having written
 * nothing, when the target holds data or the two schemas do not match table for table.
 */
export async function copySqliteToPostgres(sqlite: Database.Database, pool: pg.Pool, progress: (table: string, rows: number) => void = () => {}): Promise<CopiedTable[]> {
  const known = new Set<string>([...copiedTables, 'order_log_head']);
  const unknown = sqliteTables(sqlite).filter((t) => !known.has(t) && !derivedSqliteTable.test(t));
  if (unknown.length) throw new MoveRefusedError(`move-to-postgres does not know the SQLite table(s) ${unknown.join(', ')}: it must learn them before it can move this shop. Nothing was copied.`);

  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query('begin');
    // The head row first: a second move (or a shop process appending) waits for this one.
    await client.query('select id from order_log_head where id = 1 for update');
    await refuseUnlessEmpty(client);
    const copied: CopiedTable[] = [];
    for (const table of copiedTables) {
      copied.push({ name: table, rows: await copyTable(sqlite, client, table) });
      progress(table, copied.at(-1)?.rows ?? 0);
    }
    await copyHead(sqlite, client);
    await client.query('commit');
    return copied;
  } catch (e) {
    failed = e instanceof Error ? e : new Error(String(e));
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release(failed && !(failed instanceof MoveRefusedError) ? failed : undefined);
  }
}

async function copyTable(sqlite: Database.Database, client: pg.PoolClient, table: string): Promise<number> {
  const target = await postgresColumns(client, table);
  for (const derived of derivedPostgresColumns[table] ?? []) target.delete(derived);
  // A WITHOUT ROWID table (the sales projection's) is read in its primary key's order.
  const withoutRowid = sqlite.prepare('select wr from pragma_table_list where name = ?').pluck().get(table) === 1;
  const statement = sqlite.prepare(`select * from ${quote(table)}${withoutRowid ? '' : ' order by rowid'}`).raw(true);
  const columns = statement.columns().map((c) => c.name);
  const missing = columns.filter((c) => !target.has(c));
  const extra = [...target.keys()].filter((c) => !columns.includes(c));
  if (missing.length || extra.length) {
    throw new MoveRefusedError(
      `${table} differs between the two databases (${[...missing.map((c) => `${c} only in SQLite`), ...extra.map((c) => `${c} only in PostgreSQL`)].join(', ')}): are both migrated by this version of the shop? Nothing was copied.`,
    );
  }
  const converters = columns.map((c) => converterFor(target.get(c) ?? ''));
  const perInsert = rowsPerInsert(columns.length);
  const head = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values `;
  let batch: unknown[] = [];
  let rows = 0;
  const flush = async () => {
    if (!batch.length) return;
    const count = batch.length / columns.length;
    const tuples = Array.from({ length: count }, (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
    await client.query(head + tuples.join(', '), batch);
    batch = [];
  };
  // The iterator holds the SQLite statement open across the awaits; nothing else uses the connection.
  for (const row of statement.iterate() as IterableIterator<unknown[]>) {
    row.forEach((value, i) => batch.push(converters[i]?.(value, table, columns[i] ?? '')));
    rows++;
    if (batch.length >= perInsert * columns.length) await flush();
  }
  await flush();
  return rows;
}

async function copyHead(sqlite: Database.Database, client: pg.PoolClient): Promise<void> {
  const head = sqlite.prepare('select event_count, last_id, last_hash, keyed_from, key_proof, head_mac from order_log_head where id = 1').get() as
    | { event_count: number; last_id: number; last_hash: string; keyed_from: number | null; key_proof: string | null; head_mac: string | null }
    | undefined;
  if (!head) throw new MoveRefusedError('the SQLite order log has no head row (decision 014): run `npm run audit:verify` on it first. Nothing was copied.');
  await client.query('update order_log_head set event_count = $1, last_id = $2, last_hash = $3, keyed_from = $4, key_proof = $5, head_mac = $6 where id = 1', [
    head.event_count,
    head.last_id,
    head.last_hash,
    head.keyed_from,
    head.key_proof,
    head.head_mac,
  ]);
}

/** Rows per table on both sides, after the copy. */
export async function countRows(sqlite: Database.Database, pool: pg.Pool): Promise<Array<{ name: string; sqlite: number; postgres: number }>> {
  const counts = [];
  for (const table of [...copiedTables, 'order_log_head']) {
    const inSqlite = sqlite.prepare(`select count(*) from ${quote(table)}`).pluck().get() as number;
    const inPostgres = Number((await pool.query<{ n: string }>(`select count(*) as n from ${quote(table)}`)).rows[0]?.n ?? -1);
    counts.push({ name: table, sqlite: inSqlite, postgres: inPostgres });
  }
  return counts;
}
