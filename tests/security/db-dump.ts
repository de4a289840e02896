import type Database from 'better-sqlite3';
import type { ShopDatabase } from '../../src/platform/database.js';

type TableReader = { name: string; rows: Database.Statement };
const readers = new WeakMap<Database.Database, { schemaVersion: number; tables: TableReader[] }>();

/** One prepared reader per table, made again when the schema changes (a migration, a new table). */
function tableReaders(sqlite: Database.Database): TableReader[] {
  const schemaVersion = sqlite.pragma('schema_version', { simple: true }) as number;
  const cached = readers.get(sqlite);
  if (cached && cached.schemaVersion === schemaVersion) return cached.tables;
  const tables = (
    sqlite.prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as Array<{ name: string; sql: string }>
  ).map(({ name, sql }) => {
    const order = /without\s+rowid/i.test(sql) ? '1' : 'rowid';
    return { name, rows: sqlite.prepare(`select * from "${name.replaceAll('"', '""')}" order by ${order}`).raw() };
  });
  readers.set(sqlite, { schemaVersion, tables });
  return tables;
}

const cell = (_k: string, v: unknown) => (Buffer.isBuffer(v) ? `hex:${v.toString('hex')}` : typeof v === 'bigint' ? `${v}n` : v);

/**
 * Every row of every table, in a stable order, as one string: two dumps of one database are equal
 * exactly when it holds the same data. Tables come from the catalogue (so a table added by a later
 * migration is dumped too): SQLite's sqlite_master, rows by rowid; PostgreSQL's public schema,
 * rows by their text form (no rowid there, and json columns cannot be compared). Values are JSON
 * (BLOBs as hex).
 */
export async function dumpDatabase(database: ShopDatabase, options: { skipTables?: readonly string[] } = {}): Promise<string> {
  const skip = new Set(options.skipTables ?? []);
  const parts: string[] = [];
  const add = (name: string, all: unknown[][]) => {
    parts.push(`## ${name} (${all.length})`);
    for (const row of all) parts.push(JSON.stringify(row, cell));
  };
  if (database.engine === 'sqlite') {
    for (const { name, rows } of tableReaders(database.handle.sqlite)) if (!skip.has(name)) add(name, rows.all() as unknown[][]);
    return parts.join('\n');
  }
  const { pool } = database.handle;
  const tables = await pool.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name");
  for (const { name } of tables.rows) {
    if (skip.has(name)) continue;
    const quoted = `"${name.replaceAll('"', '""')}"`;
    add(name, (await pool.query<unknown[]>({ text: `select * from ${quoted} as row order by row::text`, rowMode: 'array' })).rows);
  }
  return parts.join('\n');
}

/** The first differing line of two dumps, for a readable failure. */
export function firstDifference(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: before ${JSON.stringify(a[i] ?? null)?.slice(0, 300)}, after ${JSON.stringify(b[i] ?? null)?.slice(0, 300)}`;
  }
  return 'no difference';
}
