import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { is, SQL } from 'drizzle-orm';
import { PgDialect, PgTable, getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core';
import { SQLiteSyncDialect, SQLiteTable, getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';

// Each module's adapters/postgres/schema.ts mirrors its adapters/sqlite/schema.ts (decisions 022,
// 051; a module not yet moved keeps adapters/pg-schema.ts and adapters/schema.ts): the same tables, columns,
// nullability, defaults, keys, indexes, uniques, checks and foreign keys, with types mapped one to
// one. A column added to one file and not the other fails here, before any migration is generated.

const modulesDir = join(import.meta.dirname, '../../src/modules');
/** A module's schema file for an engine: adapters/<engine>/schema.ts (decisions 050, 051). */
const schemaFile = (m: string, engine: 'sqlite' | 'postgres') => join(modulesDir, m, 'adapters', engine, 'schema.ts');
const modules = readdirSync(modulesDir).filter((m) => existsSync(schemaFile(m, 'sqlite')) || existsSync(schemaFile(m, 'postgres')));

/** SQLite's storage classes and Drizzle modes, and the PostgreSQL type each one maps to. */
const kinds: Record<string, string> = {
  SQLiteText: 'text',
  PgText: 'text',
  SQLiteInteger: 'integer',
  PgInteger: 'integer',
  // Event ids, log counts and an order's money: SQLite's integer is 64-bit.
  PgBigInt53: 'integer',
  SQLiteTimestamp: 'timestamp',
  PgTimestamp: 'timestamp',
  SQLiteBoolean: 'boolean',
  PgBoolean: 'boolean',
  SQLiteTextJson: 'json',
  PgJson: 'json',
};

const kindOf = (columnType: string, where: string) => {
  const kind = kinds[columnType];
  if (!kind) throw new Error(`${where}: column type ${columnType} has no counterpart in this test's map; add it knowingly`);
  return kind;
};

type AnyConfig = ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>;

/**
 * The knowing differences (decision 027): PostgreSQL's full-text document of a product and its
 * GIN index, and the trigram GIN index on an order's phone (issue 20). SQLite's twins are the FTS5
 * tables products_search and orders_phone_search, which Drizzle cannot declare.
 */
const postgresOnly = { columns: ['products.search'], indexes: ['products.products_search', 'orders.orders_phone_trigram'] };
const withoutPostgresOnly = (config: ReturnType<typeof pgTableConfig>) => ({
  ...config,
  columns: config.columns.filter((c) => !postgresOnly.columns.includes(`${config.name}.${c.name}`)),
  indexes: config.indexes.filter((i) => !postgresOnly.indexes.includes(`${config.name}.${i.config.name}`)),
});

function shape(config: AnyConfig, render: (s: SQL) => string) {
  const names = (columns: Array<{ name: string } | SQL>) => columns.map((c) => (is(c, SQL) ? render(c) : c.name));
  return {
    columns: config.columns.map((c) => ({
      name: c.name,
      kind: kindOf(c.columnType, `${config.name}.${c.name}`),
      notNull: c.notNull,
      primary: c.primary,
      unique: c.isUnique ? c.uniqueName : null,
      default: is(c.default, SQL) ? render(c.default) : (c.default ?? null),
      enumValues: c.enumValues ?? null,
    })),
    primaryKeys: config.primaryKeys.map((pk) => names(pk.columns)),
    indexes: config.indexes
      .map((i) => ({ name: i.config.name, columns: names(i.config.columns as Array<{ name: string } | SQL>), unique: i.config.unique, where: i.config.where ? render(i.config.where) : null }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    uniqueConstraints: config.uniqueConstraints.map((u) => ({ name: u.name, columns: names(u.columns) })),
    checks: config.checks.map((c) => ({ name: c.name, sql: render(c.value) })).sort((a, b) => a.name.localeCompare(b.name)),
    foreignKeys: config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      const table = (t: unknown) => (is(t, PgTable) ? pgTableConfig(t).name : sqliteTableConfig(t as SQLiteTable).name);
      return { columns: names(ref.columns), table: table(ref.foreignTable), foreignColumns: names(ref.foreignColumns), onDelete: fk.onDelete ?? 'no action', onUpdate: fk.onUpdate ?? 'no action' };
    }),
  };
}

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

async function tablesOf(module: string) {
  const sqlite = Object.entries((await import(schemaFile(module, 'sqlite'))) as Record<string, unknown>).filter(([, v]) => is(v, SQLiteTable));
  const pg = Object.entries((await import(schemaFile(module, 'postgres'))) as Record<string, unknown>).filter(([, v]) => is(v, PgTable));
  return { sqlite: sqlite as Array<[string, SQLiteTable]>, pg: pg as Array<[string, PgTable]> };
}

describe('the PostgreSQL schema mirrors the SQLite one', () => {
  it('every module with a SQLite schema has a PostgreSQL one, and the other way round', () => {
    expect(modules.length).toBeGreaterThanOrEqual(5);
    for (const m of modules) {
      expect(existsSync(schemaFile(m, 'sqlite')), `${m}: ${schemaFile(m, 'sqlite')}`).toBe(true);
      expect(existsSync(schemaFile(m, 'postgres')), `${m}: ${schemaFile(m, 'postgres')}`).toBe(true);
    }
  });

  it.each(modules)('%s: the same tables under the same export names, column for column, index for index', async (m) => {
    const { sqlite, pg } = await tablesOf(m);
    expect(sqlite.length).toBeGreaterThan(0);
    expect(pg.map(([name]) => name).sort()).toEqual(sqlite.map(([name]) => name).sort());
    for (const [exportName, table] of sqlite) {
      const twin = pg.find(([name]) => name === exportName)?.[1] as PgTable;
      const lite = sqliteTableConfig(table);
      const post = withoutPostgresOnly(pgTableConfig(twin));
      expect(post.name, exportName).toBe(lite.name);
      expect(shape(post, (s) => pgDialect.sqlToQuery(s).sql), `${m}: ${lite.name}`).toEqual(shape(lite, (s) => sqliteDialect.sqlToQuery(s).sql));
    }
  });

  it('src/platform/pg-schema.ts has no SQLite twin: what processes share, which SQLite\'s one process keeps in memory (decision 026)', async () => {
    const platformDir = join(import.meta.dirname, '../../src/platform');
    expect(existsSync(join(platformDir, 'schema.ts'))).toBe(false);
    const tables = Object.values((await import(join(platformDir, 'pg-schema.ts'))) as Record<string, unknown>).filter((v) => is(v, PgTable));
    expect(tables.map((t) => pgTableConfig(t as PgTable).name).sort()).toEqual(['change_versions', 'limit_windows']);
  });

  it('money that can pass 2^31 and the log positions are bigint on PostgreSQL', async () => {
    const { pg } = await tablesOf('ordering');
    const columnsOf = (table: string) => pgTableConfig(pg.find(([, t]) => pgTableConfig(t).name === table)?.[1] as PgTable).columns;
    const bigints = (table: string) => columnsOf(table).filter((c) => c.columnType === 'PgBigInt53').map((c) => c.name);
    expect(bigints('orders')).toEqual(['subtotal', 'discount', 'fee', 'amount']);
    expect(bigints('order_events')).toEqual(['id']);
    expect(bigints('order_log_head')).toEqual(['event_count', 'last_id', 'keyed_from']);
  });
});
