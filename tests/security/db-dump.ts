import type Database from 'better-sqlite3';

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
 * Every row of every table, in a stable order, as one string: two dumps are equal exactly when
 * the database holds the same data. Tables come from sqlite_master (so a table added by a later
 * migration is dumped too); rows are ordered by rowid, and their values are JSON (BLOBs as hex).
 */
export function dumpDatabase(sqlite: Database.Database, options: { skipTables?: readonly string[] } = {}): string {
  const skip = new Set(options.skipTables ?? []);
  const parts: string[] = [];
  for (const { name, rows } of tableReaders(sqlite)) {
    if (skip.has(name)) continue;
    const all = rows.all() as unknown[][];
    parts.push(`## ${name} (${all.length})`);
    for (const row of all) parts.push(JSON.stringify(row, cell));
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
