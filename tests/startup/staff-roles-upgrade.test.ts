import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src/platform/paths.js';
import { openDatabase, runMigrations, type DbHandle } from '../../src/platform/sqlite.js';

// Issue 36, migration sqlite 0033: SQLite changes a CHECK only by rebuilding the table, so users is
// copied into a new table and the old one dropped. With foreign keys on, that drop deletes the rows
// that point at a user (password_resets, ON DELETE CASCADE) inside the migrations' transaction.
// runMigrations turns the keys off meanwhile and checks every key after: a shop upgraded with a
// reset pending keeps it, and its users keep their roles.
const dir = mkdtempSync(join(tmpdir(), 'shop-staff-roles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function migrationsUpTo(last: number): string {
  const folder = join(dir, `migrations-${last}`);
  cpSync(migrationsDir(), folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** A shop at 0032 (before the staff's roles): an admin and a customer who asked for a password reset. */
function shopAt0032(file: string): DbHandle {
  const handle = openDatabase(file);
  runMigrations(handle, migrationsUpTo(32));
  const user = handle.sqlite.prepare(
    'insert into users (id, name, email, role, provider, password_hash, token_version, created_at, lang, email_skeleton) values (?, ?, ?, ?, ?, ?, 0, ?, null, ?)',
  );
  user.run('u-admin', 'Boss', 'boss@shop.test', 'admin', 'local', 'hash-a', Date.UTC(2026, 0, 1), 'boss@shop.test');
  user.run('u-rina', 'Rina', 'rina@example.com', 'customer', 'local', 'hash-r', Date.UTC(2026, 0, 2), 'rina@example.com');
  handle.sqlite
    .prepare('insert into password_resets (token_hash, user_id, expires_at, used_at, created_at) values (?, ?, ?, null, ?)')
    .run('reset-hash-1', 'u-rina', Date.UTC(2026, 0, 3), Date.UTC(2026, 0, 2));
  return handle;
}

const resets = (h: DbHandle) => h.sqlite.prepare('select token_hash, user_id from password_resets').all();

describe('migration 0033 (users rebuilt for the staff roles)', () => {
  it('keeps the rows that point at users, every key holding, the roles as they were; the new roles are taken', () => {
    const handle = shopAt0032(join(dir, 'upgraded.db'));
    try {
      runMigrations(handle);
      const journal = JSON.parse(readFileSync(join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(handle.sqlite.prepare('select count(*) from __drizzle_migrations').pluck().get()).toBe(journal.entries.length);
      expect(resets(handle)).toEqual([{ token_hash: 'reset-hash-1', user_id: 'u-rina' }]);
      expect(handle.sqlite.pragma('foreign_key_check')).toEqual([]);
      expect(handle.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(handle.sqlite.prepare('select id, role from users order by id').all()).toEqual([
        { id: 'u-admin', role: 'admin' },
        { id: 'u-rina', role: 'customer' },
      ]);
      // The rebuilt table takes the staff's roles, and still refuses any other.
      handle.sqlite.prepare("update users set role = 'desk' where id = 'u-rina'").run();
      expect(() => handle.sqlite.prepare("update users set role = 'boss' where id = 'u-rina'").run()).toThrow(/CHECK constraint failed/);
      // The key still cascades: the rebuilt users is the table password_resets points at.
      handle.sqlite.prepare("delete from users where id = 'u-rina'").run();
      expect(resets(handle)).toEqual([]);
    } finally {
      handle.close();
    }
  });

  it('would lose them with foreign keys on: what runMigrations guards against', () => {
    const handle = shopAt0032(join(dir, 'keys-on.db'));
    try {
      expect(handle.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      migrate(drizzle(handle.sqlite), { migrationsFolder: migrationsDir() });
      expect(resets(handle)).toEqual([]);
    } finally {
      handle.close();
    }
  });
});
