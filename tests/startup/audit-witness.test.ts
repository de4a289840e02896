import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/env.js';
import { restoreTriggers } from '../../src/platform/sqlite-triggers.js';
import { createMemoryLogger } from '../../src/platform/logger.js';
import { createShop, ShopStartError } from '../../src/shop.js';
import { call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The log's head witness (issue 40 item 5, decision 049) on a real SQLite file: a database rolled
// back to an earlier state that is sound on its own (a cut WAL after a crash; a cut log with its
// head rewound and its triggers re-created) is refused at start and by audit:verify, while a
// restart after a clean stop or a SIGKILL is accepted.
const secret = 'test-secret-test-secret-test-secret-0123456789';
const checkout = { name: 'Rina', phone: '01712345678', address: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };

// The placement limits out of the way: these tests place a few orders from one customer and phone.
const limits = { ORDERS_PER_HOUR: '1000', ORDERS_PER_DAY: '1000', MAX_PENDING_ORDERS: '1000', MAX_PENDING_PER_PHONE: '1000' };

let t: TestApp;
let witnessDir: string;
let witness: string;
let rina: string;
let productId: string;

beforeEach(async () => {
  witnessDir = mkdtempSync(join(tmpdir(), 'shop-witness-'));
  witness = join(witnessDir, 'head.witness');
  t = await createTestApp({ env: { AUDIT_WITNESS_PATH: witness } });
  await t.seedDemo();
  rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
  productId = (await json(await call(t, 'GET', '/api/products?limit=1')))[0]._id;
});
afterEach(async () => {
  await t.close();
  rmSync(witnessDir, { recursive: true, force: true });
});

const db = () => join(t.dir, 'shop.db');
const headRow = () => {
  const sqlite = new Database(db(), { readonly: true });
  try {
    return sqlite.prepare('select event_count as n, last_hash as hash from order_log_head').get() as { n: number; hash: string };
  } finally {
    sqlite.close();
  }
};
const witnessLines = () => readFileSync(witness, 'utf8').split('\n').filter(Boolean);

type Shop = Awaited<ReturnType<typeof createShop>>;
/** One order through a shop's app in this process (the test app's by default). */
async function orderInProcess(shop: Pick<Shop, 'app'> = t) {
  const on = shop as TestApp;
  // A shop of its own runs on the system clock: the test app's token (its movable clock) is signed in again.
  const token = shop === t ? rina : (await json(await call(on, 'POST', '/api/auth/login', { body: { email: 'rina@example.com', password: strongPassword } }))).token;
  await call(on, 'POST', '/api/carts', { token, body: { productId, quantity: 1 } });
  const res = await call(on, 'POST', '/api/orders', { token, body: checkout });
  expect(res.status).toBe(201);
}

/** createShop over the test's folder, as main.ts builds it. */
async function startInProcess(env: Record<string, string> = {}, more: { witnessMaxBytes?: number } = {}) {
  const settings = parseEnv({ NODE_ENV: 'test', DATA_DIR: t.dir, SESSION_SECRET: secret, AUDIT_WITNESS_PATH: witness, MESSAGE_POLL_SECONDS: '3600', ...limits, ...env });
  if (!settings.ok) throw new Error(settings.message);
  return createShop({ env: settings.env, logger: createMemoryLogger(), hashCost: { N: 1024, r: 8, p: 1 }, webDistDir: null, ...more });
}

/** src/main.ts through tsx over the test's folder. */
function startServer(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dir, PORT: '0', LOG_LEVEL: 'info', DEMO_DATA: 'false', SESSION_SECRET: secret, AUDIT_WITNESS_PATH: witness, ...limits, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string | null>((resolve) => {
    child.stdout.on('data', () => {
      const m = /"url":"(http:[^"]+)"/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    void exited.then(() => resolve(null));
  });
  return { listening, exited, kill: (signal: NodeJS.Signals) => (child.kill(signal), exited), err: () => err };
}

function verify(args: string[] = [], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/audit-verify.ts', ...args], { env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dir, ...env }, encoding: 'utf8' });
}

const tokens = new Map<string, string>();
async function orderOver(url: string) {
  let token = tokens.get(url);
  if (!token) {
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'rina@example.com', password: strongPassword }) });
    tokens.set(url, (token = (await login.json()).token as string));
  }
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await fetch(`${url}/api/carts`, { method: 'POST', headers, body: JSON.stringify({ productId, quantity: 1 }) });
  const res = await fetch(`${url}/api/orders`, { method: 'POST', headers, body: JSON.stringify(checkout) });
  expect(res.status).toBe(201);
}

describe('the head witness', () => {
  it('refuses a database whose WAL lost its last commit after a crash, at start and in audit:verify', async () => {
    await orderInProcess();
    await t.database.close(); // 1 event, checkpointed; the server below writes the WAL
    const server = startServer();
    const url = await server.listening;
    expect(url, server.err()).not.toBeNull();
    await orderOver(url as string);
    await orderOver(url as string);
    const walAfterTwo = statSync(`${db()}-wal`).size; // a commit boundary: every write so far answered
    await orderOver(url as string); // acknowledged: 201, and its head is in the witness
    expect(await server.kill('SIGKILL')).toBeNull();
    expect(witnessLines().at(-1)).toMatch(/^4:[0-9a-f]{64} /);

    // The attack: the last commit groups cut from the WAL. SQLite recovers the earlier state, sound on its own.
    truncateSync(`${db()}-wal`, walAfterTwo);
    rmSync(`${db()}-shm`, { force: true });
    expect(headRow().n).toBe(3);
    expect(verify([], { AUDIT_WITNESS_PATH: '' }).status).toBe(0); // without the witness the audit says ok

    const again = startServer();
    expect(await again.listening).toBeNull();
    expect(await again.exited).toBe(1);
    const message = again.err().trim();
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(`behind its witness ${witness}`);
    expect(message).toContain('the witness saw event 4');
    expect(message).toContain('ends at event 3');
    expect(message).toMatch(/npm run restore/);

    const audit = verify([], { AUDIT_WITNESS_PATH: witness });
    expect(audit.status, audit.stdout).toBe(1);
    expect(audit.stderr).toContain(`behind its witness ${witness}`);
    const given = verify(['--witness', witness]);
    expect(given.status).toBe(1);
    expect(given.stderr).toContain('the witness saw event 4');
  }, 180_000);

  it('accepts a restart after a SIGKILL: no acknowledged order is lost', async () => {
    await t.database.close();
    const server = startServer();
    const url = await server.listening;
    expect(url, server.err()).not.toBeNull();
    for (let i = 0; i < 3; i++) await orderOver(url as string);
    await server.kill('SIGKILL');
    // Written before each 201: the witness holds the third order's head though the process died at once.
    expect(witnessLines().at(-1)).toMatch(/^3:[0-9a-f]{64} /);
    const again = startServer();
    expect(await again.listening, again.err()).not.toBeNull();
    expect(await again.kill('SIGTERM')).toBe(0);
    expect(headRow().n).toBe(3);
    expect(witnessLines().at(-1)?.startsWith(`3:${headRow().hash} `)).toBe(true);
    expect(verify(['--witness', witness]).status).toBe(0);
  }, 120_000);

  it('refuses a log cut with its head rewound and its triggers re-created (which audits ok without the witness)', async () => {
    for (let i = 0; i < 3; i++) await orderInProcess();
    const cutOrder = (await t.query<{ order_id: string }>('select order_id from order_events where id = 3'))[0]?.order_id;
    const [second] = await t.query<{ hash: string }>('select hash from order_events where id = 2');
    await t.database.close();
    const sqlite = new Database(db());
    try {
      const triggers = sqlite.prepare("select name from sqlite_master where type = 'trigger'").pluck().all() as string[];
      for (const name of triggers) sqlite.exec(`drop trigger "${name}"`);
      sqlite.prepare('delete from order_events where id = 3').run();
      sqlite.prepare('delete from orders where id = ?').run(cutOrder);
      sqlite.prepare('update order_log_head set event_count = 2, last_id = 2, last_hash = ? where id = 1').run(second?.hash);
      restoreTriggers(sqlite);
      // The sales projection and the desk's counts are warnings only: rebuild nothing, the audit's verdict is the point.
    } finally {
      sqlite.close();
    }
    const plain = verify([], { AUDIT_WITNESS_PATH: '' });
    expect(plain.stdout + plain.stderr).toContain('audit: ok');

    await expect(startInProcess()).rejects.toThrow(ShopStartError);
    await expect(startInProcess()).rejects.toThrow(/behind its witness .*the witness saw event 3 .* ends at event 2/);
    const audit = verify(['--witness', witness]);
    expect(audit.status).toBe(1);
    expect(audit.stderr).toContain('rolled back');
  }, 60_000);

  it('refuses a copy of the files taken at an earlier state and put back', async () => {
    await orderInProcess();
    await t.database.close();
    const early = mkdtempSync(join(tmpdir(), 'shop-early-'));
    try {
      copyFileSync(db(), join(early, 'shop.db')); // closed, so checkpointed: the file alone is the state
      const shop = await startInProcess();
      await orderInProcess(shop);
      await shop.close();
      copyFileSync(join(early, 'shop.db'), db());
      rmSync(`${db()}-wal`, { force: true });
      rmSync(`${db()}-shm`, { force: true });
      await expect(startInProcess()).rejects.toThrow(/behind its witness .*the witness saw event 2/);
    } finally {
      rmSync(early, { recursive: true, force: true });
    }
  });

  it('accepts a restart after a clean stop, and records the head at start and with every order', async () => {
    await orderInProcess();
    await orderInProcess();
    expect(witnessLines().at(-1)?.startsWith(`2:`)).toBe(true);
    await t.database.close();
    const shop = await startInProcess();
    await shop.close();
    const { n, hash } = headRow();
    expect(witnessLines().at(-1)?.startsWith(`${n}:${hash} `)).toBe(true);
  });

  it('stays bounded: past its size it starts again from its last head', async () => {
    await t.database.close();
    const bounded = await startInProcess({}, { witnessMaxBytes: 600 });
    try {
      for (let i = 0; i < 20; i++) {
        await orderInProcess(bounded);
        expect(statSync(witness).size).toBeLessThanOrEqual(600 + 100); // one line past the cap at most
      }
    } finally {
      await bounded.close();
    }
    const { n, hash } = headRow();
    expect(n).toBe(20);
    expect(witnessLines().at(-1)?.startsWith(`20:${hash} `)).toBe(true);
    expect(readdirSync(witnessDir)).toEqual(['head.witness']); // no compaction file left behind
  });

  it('keeps a backup\'s head beside it, and refuses to restore an older backup past the witness unless --accept-rollback', async () => {
    await orderInProcess();
    await t.database.close();
    const cli = (script: string, args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], { env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dir, AUDIT_WITNESS_PATH: witness }, encoding: 'utf8' });
    const backupFile = join(t.dir, 'backups', 'early.db');
    const backup = cli('backup', [backupFile]);
    expect(backup.status, backup.stderr).toBe(0);
    const beside = join(t.dir, 'backups', 'early.head');
    expect(readFileSync(beside, 'utf8')).toMatch(new RegExp(`^1:${headRow().hash} \\S+\\n$`));

    const shop = await startInProcess();
    await orderInProcess(shop);
    await shop.close();
    expect(verify(['--witness', beside]).status).toBe(0); // the database is past the backup's head

    const refused = cli('restore', [backupFile]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`rolls the order log back past its witness ${witness}`);
    expect(refused.stderr).toContain('--accept-rollback');
    expect(headRow().n).toBe(2); // nothing was changed

    const accepted = cli('restore', [backupFile, '--accept-rollback']);
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('the rollback was accepted');
    expect(headRow().n).toBe(1);
    expect(witnessLines()).toEqual([expect.stringMatching(new RegExp(`^1:${headRow().hash} `))]);
    expect(readdirSync(witnessDir).some((f) => f.startsWith('head.witness.rolled-back-'))).toBe(true);
    const restarted = await startInProcess();
    await restarted.close();
  }, 180_000);

  it('refuses AUDIT_WITNESS_PATH inside DATA_DIR', async () => {
    await t.database.close();
    await expect(startInProcess({ AUDIT_WITNESS_PATH: join(t.dir, 'backups', 'head.witness') })).rejects.toThrow(/inside DATA_DIR/);
    expect(existsSync(join(t.dir, 'backups', 'head.witness'))).toBe(false);
  });
});
