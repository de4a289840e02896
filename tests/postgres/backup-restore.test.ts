import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../../src/platform/database.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { usePostgres } from '../support/postgres.js';
import { repoRoot } from '../support/server-process.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// `npm run backup`, `npm run restore` (and `npm run admin`) with DATABASE_URL (issue 14): pg_dump while the shop
// serves, pg_restore with the shop stopped, as processes. The same rules as on SQLite where they
// fit: a running shop blocks the restore, a bad archive changes nothing, what is replaced is kept.
const cluster = usePostgres();
const auditKey = 'pg-backup-restore-audit-key-1';
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function cli(name: 'admin' | 'backup' | 'restore', env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'src', 'cli', `${name}.ts`), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', AUDIT_KEY: auditKey, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

const checkout = { name: 'Rina Akter', phone: '017 1234-5678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };

async function placeOrder(t: TestApp, token: string) {
  const product = (await json(await call(t, 'GET', '/api/products')))[0] as { _id: string; sizes: string[]; colors: string[] };
  expect((await call(t, 'POST', '/api/carts', { token, body: { productId: product._id, quantity: 1, size: product.sizes[0] ?? '', color: product.colors[0] ?? '' } })).status).toBeLessThan(300);
  const res = await call(t, 'POST', '/api/orders', { token, body: checkout });
  expect(res.status).toBe(201);
  return (await json(res)).order._id as string;
}

async function orderIds(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ id: string }>('select id from orders order by id')).rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

const headOf = (text: string) => /head (\d+:[0-9a-f]{64})/.exec(text)?.[1];

describe('npm run backup and npm run restore on PostgreSQL', () => {
  it('dumps a serving shop, refuses to restore under it, then restores it stopped, keeping what it replaces', async () => {
    const url = await cluster().createDatabase();
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: url };
    const t = await createTestApp({ auditKey, env: { DATABASE_URL: url } });
    let closed = false;
    try {
      await t.seedDemo();
      const admin = (await adminSession(t)).token;
      const rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
      const first = await placeOrder(t, rina);
      await placeOrder(t, rina);
      expect((await call(t, 'PATCH', `/api/orders/${first}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
      // `npm run admin` on PostgreSQL too.
      await signUpCustomer(t, 'Kenji', 'kenji@example.com');
      const promoted = await cli('admin', env, 'promote', 'KENJI@example.com');
      expect(promoted.out).toContain('KENJI@example.com is an admin now.');
      expect(promoted.code).toBe(0);
      expect((await cli('admin', env, 'promote', 'nobody@example.com')).err).toContain('No user with the email nobody@example.com');

      const backup = await cli('backup', env);
      expect(backup.err).toBe('');
      expect(backup.code).toBe(0);
      const match = /^backup: (\S+\.dump) \(pg_dump of postgres:\/\/postgres@127\.0\.0\.1:\d+\/\S+; archive ok; audit ok, 3 events of 2 orders; head (3:[0-9a-f]{64}), keyed from event 1\)\.$/m.exec(backup.out);
      expect(match, backup.out).not.toBeNull();
      const file = match?.[1] ?? '';
      const backedUp = await orderIds(url);
      expect(backedUp).toHaveLength(2);

      // An order after the backup: the restore takes the shop back before it.
      await placeOrder(t, rina);
      const running = await cli('restore', env, file);
      expect(running.code).toBe(1);
      expect(running.err).toContain('(is the server running?). Stop the shop first, then restore.');
      expect(await orderIds(url)).toHaveLength(3);

      await t.close();
      closed = true;
      const restored = await cli('restore', env, file);
      expect(restored.err).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.out).toContain('audit ok, 3 events of 2 orders');
      expect(headOf(restored.out)).toBe(match?.[2]);
      expect(await orderIds(url)).toEqual(backedUp);
      const aside = /the replaced contents are kept in (\S+\.dump)\./.exec(restored.out)?.[1] ?? '';
      expect(existsSync(aside)).toBe(true);

      // The contents it replaced come back the same way, and a shop starts on either.
      const back = await cli('restore', env, aside);
      expect(back.code).toBe(0);
      expect(back.out).toContain('audit ok, 4 events of 3 orders');
      expect(await orderIds(url)).toHaveLength(3);
      const again = await createTestApp({ auditKey, env: { DATABASE_URL: url } });
      try {
        expect((await call(again, 'POST', '/api/auth/login', { body: { email: 'rina@example.com', password: 'Sakura#2026' } })).status).toBe(200);
      } finally {
        await again.close();
      }

      // Into an empty database (a new server): nothing to keep aside.
      const empty = await cluster().createDatabase();
      const fresh = await cli('restore', { DATA_DIR: dataDir, DATABASE_URL: empty }, file);
      expect(fresh.code).toBe(0);
      expect(headOf(fresh.out)).toBe(match?.[2]);
      expect(fresh.out).not.toContain('replaced');
      expect(await orderIds(empty)).toEqual(backedUp);
    } finally {
      if (!closed) await t.close();
    }
  }, 240_000);

  it('refuses what is not a PostgreSQL backup, and changes nothing', async () => {
    const url = await cluster().createDatabase();
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: url };
    const junk = join(dataDir, 'junk.dump');
    writeFileSync(junk, 'not an archive');
    const refused = await cli('restore', env, junk);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is not sound');
    expect(refused.err).toContain('Nothing was changed.');

    const sqliteFile = join(dataDir, 'old.db');
    writeFileSync(sqliteFile, Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(100)]));
    const sqlite = await cli('restore', env, sqliteFile);
    expect(sqlite.code).toBe(2);
    expect(sqlite.err).toContain('is a SQLite backup, and DATABASE_URL is set');

    const wrongName = await cli('backup', env, join(dataDir, 'copy.db'));
    expect(wrongName.code).toBe(2);
    expect(wrongName.err).toContain('usage: npm run backup [file.dump]');

    const noShop = await cli('backup', env);
    expect(noShop.code).toBe(2);
    expect(noShop.err).toContain('No shop database at');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'")).rows[0]?.n).toBe(0);
    } finally {
      await client.end();
    }
  }, 60_000);

  it('keeps but flags a dump of a log whose triggers are gone, and restores no archive without them', async () => {
    const url = await cluster().createDatabase();
    await (await openPostgresDatabase(url, { max: 1 })).close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('drop trigger order_events_no_update on order_events');
    } finally {
      await client.end();
    }
    const dataDir = tempDir();
    // A log never keyed: no AUDIT_KEY (empty means unset).
    const backup = await cli('backup', { DATA_DIR: dataDir, DATABASE_URL: url, AUDIT_KEY: '' });
    expect(backup.code).toBe(1);
    expect(backup.err).toContain("but the shop's protective triggers order_events_no_update are missing or altered");
    const file = /^backup: (\S+\.dump) kept/m.exec(backup.err)?.[1] ?? '';
    expect(existsSync(file)).toBe(true);

    const target = await cluster().createDatabase();
    const refused = await cli('restore', { DATA_DIR: dataDir, DATABASE_URL: target, AUDIT_KEY: '' }, file);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("lacks the shop's protective triggers (order_events_no_update): it was changed outside the shop. Nothing was changed.");
    const check = new pg.Client({ connectionString: target });
    await check.connect();
    try {
      expect((await check.query("select count(*)::int as n from pg_tables where schemaname = 'public'")).rows[0]?.n).toBe(0);
    } finally {
      await check.end();
    }
  }, 60_000);
});
