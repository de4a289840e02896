import type Database from 'better-sqlite3';

/**
 * Every row of every table, in a stable order, as one string: two dumps are equal exactly when
 * the database holds the same data. Tables come from sqlite_master (so a table added by a later
 * migration is dumped too); rows are ordered by rowid, and their values are JSON (BLOBs as hex).
 */
export function dumpDatabase(sqlite: Database.Database, options: { skipTables?: readonly string[] } = {}): string {
  const skip = new Set(options.skipTables ?? []);
  const tables = sqlite
    .prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as Array<{ name: string; sql: string }>;
  const parts: string[] = [];
  for (const { name, sql } of tables) {
    if (skip.has(name)) continue;
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const order = /without\s+rowid/i.test(sql) ? '1' : 'rowid';
    const rows = sqlite.prepare(`select * from ${quoted} order by ${order}`).raw().all() as unknown[][];
    parts.push(`## ${name} (${rows.length})`);
    for (const row of rows) {
      parts.push(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? `hex:${v.toString('hex')}` : typeof v === 'bigint' ? `${v}n` : v)));
    }
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
