import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The order log's checks at start (decision 014), on the real composition root (src/main.ts
// through tsx) over a shop file that a test app filled and a test then changes directly.
const key = 'the-shops-audit-key-0001';
const checkout = { name: 'Rina', phone: '01712345678', address: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };

let t: TestApp;
let rina: string;
let productId: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.seedDemo();
  rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
  productId = (await json(await call(t, 'GET', '/api/products?limit=1')))[0]._id;
  for (let i = 0; i < 2; i++) {
    await call(t, 'POST', '/api/carts', { token: rina, body: { productId, quantity: 1 } });
    expect((await call(t, 'POST', '/api/orders', { token: rina, body: checkout })).status).toBe(201);
  }
  await t.database.close(); // events 1 and 2; the servers below open the file
});
afterEach(() => t.close());

function start(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dir, PORT: '0', LOG_LEVEL: 'info', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** The URL once listening, or null when the process exited first. */
  const listening = new Promise<string | null>((resolve) => {
    const check = () => {
      const m = /"url":"(http:[^"]+)"/.exec(out);
      if (m?.[1]) resolve(m[1]);
    };
    child.stdout.on('data', check);
    void exited.then(() => resolve(null));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { listening, exited, stop, out: () => out, err: () => err };
}

function verify(args: string[] = [], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/audit-verify.ts', ...args], { env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dir, ...env }, encoding: 'utf8' });
}
function sql(text: string) {
  const db = new Database(join(t.dir, 'shop.db'));
  try {
    return db.exec(text);
  } finally {
    db.close();
  }
}
const headRow = () => {
  const db = new Database(join(t.dir, 'shop.db'), { readonly: true });
  try {
    return db.prepare('select event_count as n, last_hash as hash, keyed_from as keyedFrom from order_log_head').get() as { n: number; hash: string; keyedFrom: number | null };
  } finally {
    db.close();
  }
};
const logLine = (out: string) => JSON.parse(out.split('\n').find((l) => l.includes('"msg":"order log"')) ?? 'null') as { events: number; head: string; keyed: string } | null;

describe('the order log at start', () => {
  it('logs its head in one info line', async () => {
    const server = start();
    expect(await server.listening, server.err()).not.toBeNull();
    const head = headRow();
    expect(logLine(server.out())).toMatchObject({ events: 2, head: `2:${head.hash}`, keyed: 'no' });
    expect(await server.stop()).toBe(0);
  }, 60_000);

  it('turning AUDIT_KEY on keys the chain from the next event; then it refuses to start without that key or with another', async () => {
    const first = start({ AUDIT_KEY: key });
    const url = await first.listening;
    expect(url, first.err()).not.toBeNull();
    expect(logLine(first.out())?.keyed).toBe('from event 3 (recorded now: AUDIT_KEY was set)');
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'rina@example.com', password: strongPassword }) });
    const token = ((await login.json()) as { token: string }).token;
    await fetch(`${url}/api/carts`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ productId, quantity: 1 }) });
    const placed = await fetch(`${url}/api/orders`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(checkout) });
    expect(placed.status).toBe(201);
    expect(await first.stop()).toBe(0);
    expect(headRow()).toMatchObject({ n: 3, keyedFrom: 3 });

    const ok = verify([], { AUDIT_KEY: key });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('audit: ok, 3 events of 3 orders verified');
    expect(ok.stdout).toContain(', keyed from event 3.');
    expect(verify().stderr).toContain('the order log is keyed with AUDIT_KEY from event 3 on');
    expect(verify([], { AUDIT_KEY: 'another-audit-key-00002' }).stderr).toContain('AUDIT_KEY is not the key this order log is keyed with');

    const again = start({ AUDIT_KEY: key });
    expect(await again.listening).not.toBeNull();
    expect(logLine(again.out())?.keyed).toBe('from event 3');
    expect(await again.stop()).toBe(0);

    const without = start();
    expect(await without.exited).toBe(1);
    expect(without.err()).toContain('Cannot start: the order log is keyed with AUDIT_KEY from event 3 on: set AUDIT_KEY');
    const other = start({ AUDIT_KEY: 'another-audit-key-00002' });
    expect(await other.exited).toBe(1);
    expect(other.err()).toContain('Cannot start: AUDIT_KEY is not the key this order log is keyed with');
    expect(headRow()).toMatchObject({ n: 3, keyedFrom: 3 }); // nothing written by the refused starts
  }, 90_000);

  it('refuses to start without its protective triggers (dropped or emptied), and audit:verify --restore-triggers puts them back once the log verifies', async () => {
    sql('drop trigger order_events_no_delete;');
    const refused = start();
    expect(await refused.exited).toBe(1);
    expect(refused.err()).toContain("The order log's append-only triggers are missing or altered (order_events_no_delete)");
    expect(refused.err()).toContain('npm run audit:verify -- --restore-triggers');

    const check = verify();
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('audit: ok, 2 events of 2 orders verified');
    expect(check.stderr).toContain('the protective triggers order_events_no_delete are missing or altered');
    const repaired = verify(['--restore-triggers']);
    expect(repaired.status, repaired.stderr).toBe(0);
    expect(repaired.stdout).toContain('audit: protective triggers recreated: order_events_no_delete.');
    expect(() => sql('delete from order_events')).toThrow(/append-only/);

    // A trigger of the same name that does nothing is as good as none.
    sql("drop trigger order_log_head_no_rewind; create trigger order_log_head_no_rewind before update on order_log_head when 0 begin select 1; end;");
    const emptied = start();
    expect(await emptied.exited).toBe(1);
    expect(emptied.err()).toContain('(order_log_head_no_rewind)');
    expect(verify(['--restore-triggers']).status).toBe(0);
    const started = start();
    expect(await started.listening, started.err()).not.toBeNull();
    expect(await started.stop()).toBe(0);
  }, 90_000);

  it('refuses to start on a log cut short behind its head, even with the triggers put back', async () => {
    const db = new Database(join(t.dir, 'shop.db'));
    const trigger = db.prepare("select sql from sqlite_master where name = 'order_events_no_delete'").pluck().get() as string;
    db.exec('drop trigger order_events_no_delete; delete from order_events where id = 2;');
    db.close();
    const repair = verify(['--restore-triggers']);
    expect(repair.status).toBe(1); // the log does not verify: nothing is repaired
    expect(repair.stderr).toContain('FAILED at event 2: the log ends at event 1, but its head records 2 events');
    sql(trigger); // as a careful tamperer would
    const server = start();
    expect(await server.exited).toBe(1);
    expect(server.err()).toContain('The order log does not match its head: the log ends at event 1, but its head records 2 events');
  }, 60_000);
});
