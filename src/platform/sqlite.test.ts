import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from './sqlite.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('openDatabase', () => {
  it('opens the file with WAL, synchronous=FULL, foreign keys and a busy timeout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-db-'));
    dirs.push(dir);
    const db = openDatabase(join(dir, 'nested', 'shop.db'));
    try {
      expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL
      expect(db.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(db.sqlite.pragma('temp_store', { simple: true })).toBe(2); // MEMORY
    } finally {
      db.close();
    }
  });

  it('applies the committed migrations once, and again is a no-op', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-db-'));
    dirs.push(dir);
    const file = join(dir, 'shop.db');
    for (let start = 0; start < 2; start++) {
      const db = openDatabase(file);
      runMigrations(db);
      const tables = db.sqlite.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all();
      expect(tables).toContain('categories');
      expect(db.sqlite.prepare('select count(*) from __drizzle_migrations').pluck().get()).toBeGreaterThan(0);
      db.close();
    }
  });
});
