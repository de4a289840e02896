import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../platform/database.js';
import { newId } from '../../shared/ids.js';
import { createScryptHasher } from './adapters/scrypt-hasher.js';
import { createSqliteUserStore } from './adapters/sqlite/user-store.js';
import { ensureAdmin } from './ensure-admin.js';
import type { UserStore } from './ports.js';

// ensureAdmin over a real SQLite file with the real migrations.
let dir: string;
let close: () => Promise<void>;
let users: UserStore;
const hasher = createScryptHasher({ N: 1024, r: 8, p: 1 });
const deps = () => ({ users, hasher, clock: { now: () => new Date('2026-01-01T00:00:00Z') }, newId });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ensure-admin-'));
  const database = openSqliteDatabase(join(dir, 'shop.db'));
  users = createSqliteUserStore(database.outside);
  close = () => database.close();
});
afterEach(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

async function registered(email: string, password: string) {
  const id = newId();
  await users.insert({ id, name: 'Mallory', email, role: 'customer', tokenVersion: 0, createdAt: new Date(), passwordHash: await hasher.hash(password), provider: 'local' });
  return id;
}

describe('ensureAdmin (ADMIN_EMAIL at start)', () => {
  it('never promotes an account someone registered when no ADMIN_PASSWORD proves the claim', async () => {
    const id = await registered('owner@shop.test', 'Mallory#Pass1');
    const result = await ensureAdmin(deps(), { email: 'Owner@Shop.test' });
    expect(result).toMatchObject({ created: false, refused: expect.any(String) });
    expect((await users.byId(id))?.role).toBe('customer');
    expect(await users.countAdmins()).toBe(0);
  });

  it('with ADMIN_PASSWORD takes the account over: admin, and the registrant’s password replaced', async () => {
    const id = await registered('owner@shop.test', 'Mallory#Pass1');
    expect(await ensureAdmin(deps(), { email: 'owner@shop.test', password: 'Owner#Pass1' })).toEqual({ created: false });
    const user = await users.byEmail('owner@shop.test');
    expect(user?.role).toBe('admin');
    expect(await hasher.verify('Mallory#Pass1', user?.passwordHash ?? '')).toBe(false);
    expect(await hasher.verify('Owner#Pass1', user?.passwordHash ?? '')).toBe(true);
    expect(user?.id).toBe(id);
  });

  it('leaves an existing admin as it is without a password, and creates a missing one', async () => {
    const created = await ensureAdmin(deps(), { email: 'boss@shop.test' });
    expect(created).toMatchObject({ created: true, generatedPassword: expect.any(String) });
    expect(await ensureAdmin(deps(), { email: 'boss@shop.test' })).toEqual({ created: false });
    expect((await users.byEmail('boss@shop.test'))?.role).toBe('admin');
  });
});
