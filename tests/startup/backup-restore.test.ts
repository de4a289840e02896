import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAccount,
  allPages,
  api,
  buildServerIfNeeded,
  checkoutBody,
  logIn,
  repoRoot,
  signUp,
  someProducts,
  startServer,
  type ServerProcess,
} from '../support/server-process.js';

// `npm run backup` and `npm run restore` as processes (scripts/cli.mjs, as npm runs them)
// against the built server, also a real process, taking orders while the backup is made.
const dirs: string[] = [];
const servers: ServerProcess[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
beforeAll(() => {
  buildServerIfNeeded();
}, 180_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/**
 * One shop command as a process: through scripts/cli.mjs as `npm run` does, or (`built`) its
 * built file directly, which skips the rebuild check that other changes to src/ would trigger.
 */
function cli(dataDir: string, ...args: string[]) {
  return command(dataDir, [join(repoRoot, 'scripts', 'cli.mjs'), ...args]);
}
function built(dataDir: string, name: string, ...args: string[]) {
  return command(dataDir, [join(repoRoot, 'dist', 'cli', `${name}.js`), ...args]);
}
function command(dataDir: string, argv: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, argv, {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

const readOnly = <T>(file: string, read: (db: Database.Database) => T): T => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
};
const orderIds = (file: string) => new Set(readOnly(file, (db) => db.prepare('select id from orders').pluck().all() as string[]));
const integrity = (file: string) => readOnly(file, (db) => db.pragma('integrity_check', { simple: true }));

describe('npm run backup and npm run restore', () => {
  it('copies a serving shop consistently, and brings the copy back (only with the server stopped)', async () => {
    const dataDir = tempDir('shop-backup-');
    let server = await startServer({ dataDir });
    servers.push(server);
    const url = server.url;
    const products = await someProducts(url);
    const customers = await Promise.all([0, 1, 2, 3].map((i) => signUp(url, `Backup ${i}`, `backup-${i}@example.com`)));

    // Orders from four clients, all the time the backup runs.
    const acknowledged: string[] = [];
    let running = true;
    let n = 0;
    const load = Promise.all(
      customers.map(async (token, i) => {
        for (let k = 0; running && k < 5_000; k++) {
          const product = products[(i + k) % products.length] as { _id: string };
          const res = await api(url, 'POST', '/api/orders', { token, body: checkoutBody(product._id, 1), headers: { 'idempotency-key': `backup-${i}-${k}-${n++}` } });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          acknowledged.push((res.body as { insertedId: string }).insertedId);
        }
      }),
    );
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    const beforeBackup = [...acknowledged];
    const backup = await cli(dataDir, 'backup');
    const duringBackup = acknowledged.length - beforeBackup.length;
    running = false;
    await load;
    expect(backup.code, backup.out).toBe(0);
    expect(duringBackup).toBeGreaterThan(0); // the shop kept taking orders while it was copied

    const [file] = readdirSync(join(dataDir, 'backups')).filter((f) => /^shop-.*\.db$/.test(f));
    expect(file).toBeDefined();
    const backupFile = join(dataDir, 'backups', file as string);
    expect(backup.out).toContain(`backup: ${backupFile} (integrity ok; audit ok`);
    // The head an auditor keeps, and the copy checked against it.
    const head = /; head (\d+:[0-9a-f]{64}), not keyed\)/.exec(backup.out)?.[1];
    expect(head, backup.out).toBeDefined();
    expect(head).toBe(readOnly(backupFile, (db) => db.prepare("select event_count || ':' || last_hash from order_log_head").pluck().get()));
    expect(integrity(backupFile)).toBe('ok');
    const inBackup = orderIds(backupFile);
    expect(beforeBackup.filter((id) => !inBackup.has(id))).toEqual([]);
    // The demo pictures came along, so the restored catalogue shows its images.
    expect(readdirSync(backupFile.replace(/\.db$/, '.uploads')).length).toBe(readdirSync(join(dataDir, 'uploads')).filter((f) => !f.startsWith('.')).length);

    // audit-verify on the copy as a shop of its own.
    const copyDir = tempDir('shop-backup-copy-');
    copyFileSync(backupFile, join(copyDir, 'shop.db'));
    const audit = await built(copyDir, 'audit-verify', '--expect-head', head as string);
    expect(audit.code, audit.out).toBe(0);
    expect(audit.out).toContain(`of ${inBackup.size} orders verified`);

    // A running server: the restore refuses and changes nothing.
    const refused = await built(dataDir, 'restore', backupFile);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is in use by another process (is the server running?)');
    expect((await api(url, 'GET', '/api/health')).status).toBe(200);

    const admin = await logIn(url, adminAccount.email, adminAccount.password);
    const liveCount = (await allPages(url, '/api/allOrders', admin)).length;
    expect(liveCount).toBe(acknowledged.length);
    expect(liveCount).toBeGreaterThan(inBackup.size);
    expect((await server.stop()).code).toBe(0);

    // Stopped: the backup comes back, the replaced database is kept whole.
    const restored = await cli(dataDir, 'restore', backupFile);
    expect(restored.code, restored.out).toBe(0);
    const aside = /the replaced database is kept in (\S+)\./.exec(restored.out)?.[1] as string;
    expect(orderIds(join(aside, 'shop.db')).size).toBe(liveCount);
    expect(integrity(join(aside, 'shop.db'))).toBe('ok');
    expect(orderIds(join(dataDir, 'shop.db'))).toEqual(inBackup);

    server = await startServer({ dataDir });
    servers.push(server);
    const adminAgain = await logIn(server.url, adminAccount.email, adminAccount.password);
    const after = await allPages<{ _id: string }>(server.url, '/api/allOrders', adminAgain);
    expect(new Set(after.map((o) => o._id))).toEqual(inBackup);
    const product = (await api(server.url, 'GET', '/api/products?limit=1')).body as Array<{ image?: string; images?: string[] }>;
    expect(product.length).toBe(1);
    // The restored shop takes orders again, and its log still verifies.
    const more = await api(server.url, 'POST', '/api/orders', { token: customers[0] as string, body: checkoutBody(products[0]?._id as string, 1), headers: { 'idempotency-key': 'after-restore-1' } });
    expect(more.status).toBe(201);
    expect((await server.stop()).code).toBe(0);
    const auditAfter = await built(dataDir, 'audit-verify');
    expect(auditAfter.code, auditAfter.out).toBe(0);
  }, 150_000);

  it('refuses a backup that is not sound and leaves the current database alone', async () => {
    const dataDir = tempDir('shop-restore-bad-');
    const server = await startServer({ dataDir, env: { DEMO_DATA: 'true' } });
    servers.push(server);
    const products = await someProducts(server.url);
    const token = await signUp(server.url, 'Rina', 'rina@example.com');
    for (const key of ['bad-backup-1', 'bad-backup-2']) {
      const res = await api(server.url, 'POST', '/api/orders', { token, body: checkoutBody(products[0]?._id as string, 1), headers: { 'idempotency-key': key } });
      expect(res.status).toBe(201);
    }
    const made = await built(dataDir, 'backup', join(dataDir, 'elsewhere', 'copy.db'));
    expect(made.code, made.out).toBe(0);
    expect(await built(dataDir, 'backup', join(dataDir, 'elsewhere', 'copy.db'))).toMatchObject({ code: 1 }); // never overwrites
    // Run without the server's AUDIT_KEY (here: with another one), the log does not verify: the
    // copy is kept all the same, and the command says so and fails.
    const otherKey = join(dataDir, 'elsewhere', 'other-key.db');
    const keyed = await command(dataDir, [join(repoRoot, 'dist', 'cli', 'backup.js'), otherKey], { AUDIT_KEY: 'not-the-servers-key-0001' });
    expect(keyed.code).toBe(1);
    expect(keyed.out).toContain('but its order log does not verify');
    expect(integrity(otherKey)).toBe('ok');
    expect((await server.stop()).code).toBe(0);

    // A listing row changed behind the log: the audit chain no longer explains it.
    const tampered = join(dataDir, 'elsewhere', 'tampered.db');
    copyFileSync(join(dataDir, 'elsewhere', 'copy.db'), tampered);
    const db = new Database(tampered);
    db.prepare(`update orders set amount = 1 where rowid = 1`).run();
    db.close();
    const before = orderIds(join(dataDir, 'shop.db'));
    const refused = await built(dataDir, 'restore', tampered);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/is not sound \(integrity: ok; audit: FAILED at order [0-9a-f]{24}: the listing table disagrees with the log\)\. Nothing was changed\./);
    expect(orderIds(join(dataDir, 'shop.db'))).toEqual(before);
    expect(readdirSync(dataDir).filter((f) => f.includes('restoring'))).toEqual([]);
    expect(existsSync(join(dataDir, 'backups'))).toBe(false);

    // A copy whose log verifies but whose append-only triggers are gone: refused, with the way out.
    const unprotected = join(dataDir, 'elsewhere', 'unprotected.db');
    copyFileSync(join(dataDir, 'elsewhere', 'copy.db'), unprotected);
    const open = new Database(unprotected);
    open.exec('drop trigger order_events_no_delete; drop trigger order_log_head_no_rewind;');
    open.close();
    const noTriggers = await built(dataDir, 'restore', unprotected);
    expect(noTriggers.code).toBe(1);
    expect(noTriggers.out).toContain('lacks the shop\'s protective triggers (order_events_no_delete, order_log_head_no_rewind)');
    expect(noTriggers.out).toContain('--restore-triggers');
    expect(orderIds(join(dataDir, 'shop.db'))).toEqual(before);
    expect(existsSync(join(dataDir, 'backups'))).toBe(false);

    // Not a database at all.
    mkdirSync(join(dataDir, 'junk'), { recursive: true });
    const junk = join(dataDir, 'junk', 'junk.db');
    copyFileSync(join(repoRoot, 'package.json'), junk);
    expect((await built(dataDir, 'restore', junk)).code).toBe(1);
    expect(orderIds(join(dataDir, 'shop.db'))).toEqual(before);
  }, 120_000);
});
