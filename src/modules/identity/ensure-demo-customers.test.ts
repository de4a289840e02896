import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../platform/database.js';
import { newId } from '../../shared/ids.js';
import { createScryptHasher } from './adapters/scrypt-hasher.js';
import { createSqliteUserStore } from './adapters/sqlite/user-store.js';
import { ensureAdmin } from './ensure-admin.js';
import { ensureDemoCustomers } from './ensure-demo-customers.js';
import type { UserStore } from './ports.js';

// ensureDemoCustomers over a real SQLite file with the real migrations.
let dir: string;
let close: () => Promise<void>;
let users: UserStore;
const hasher = createScryptHasher({ N: 1024, r: 8, p: 1 });
const deps = () => ({ users, hasher, clock: { now: () => new Date('2026-01-01T00:00:00Z') }, newId });
const people = [
  { name: 'রহিম উদ্দিন', email: 'Rahim.Demo@shop.local' },
  { name: 'Nusrat Jahan', email: 'nusrat.demo@shop.local' },
];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'demo-customers-'));
  const database = openSqliteDatabase(join(dir, 'shop.db'));
  users = createSqliteUserStore(database.outside);
  close = () => database.close();
});
afterEach(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ensureDemoCustomers', () => {
  it('makes customer accounts with a password nobody knows, and finds the same ones again', async () => {
    const made = await ensureDemoCustomers(deps(), people);
    expect(made.map((a) => a?.email)).toEqual(['rahim.demo@shop.local', 'nusrat.demo@shop.local']);
    const rahim = await users.byEmail('rahim.demo@shop.local');
    expect(rahim).toMatchObject({ name: 'রহিম উদ্দিন', role: 'customer' });
    expect(rahim?.passwordHash).toMatch(/^scrypt\$/);
    expect(await ensureDemoCustomers(deps(), people)).toEqual(made);
    expect((await users.page({ limit: 10, offset: 0 })).total).toBe(2);
  });

  it("never lends out an admin's account", async () => {
    await ensureAdmin(deps(), { email: 'nusrat.demo@shop.local', password: 'Owner#Pass1' });
    const made = await ensureDemoCustomers(deps(), people);
    expect(made[0]).not.toBeNull();
    expect(made[1]).toBeNull();
  });
});
