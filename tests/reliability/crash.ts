/**
 * Crash durability: the built server takes orders from concurrent clients and is SIGKILLed at a
 * random moment, round after round, on the same DATA_DIR (or, with `databaseUrl`, the same
 * PostgreSQL database). At the end every order that was answered 2xx must be in the database,
 * its integrity check must say ok (SQLite's `PRAGMA integrity_check`; on PostgreSQL amcheck's
 * verify_heapam and bt_index_check over the shop's tables and indexes) and the order log's hash
 * chain must verify (`node scripts/cli.mjs audit-verify`).
 *
 * Orders whose request got no answer (the process died) are sent again after the restart with
 * the same Idempotency-Key, as a client would: the answer then is the first order (200) if it
 * had been committed, or a new one (201). So at the end there must be exactly one order per
 * key: none lost, none doubled. Whether the server commits each order on its own or batches
 * concurrent ones into one transaction, the check is the same: a 2xx is a promise.
 *
 * Run alone: node --import tsx tests/reliability/crash.ts --rounds 20 --clients 8
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  adminAccount,
  allPages,
  api,
  buildServerIfNeeded,
  checkoutBody,
  logIn,
  repoRoot,
  signUp,
  sleep,
  someProducts,
  startServer,
  type ProductChoice,
  type ServerProcess,
} from '../support/server-process.js';

export type CrashOptions = {
  rounds: number;
  clients: number;
  dataDir?: string;
  /** DATABASE_URL of an empty or migrated PostgreSQL database (as a superuser: amcheck); SQLite in DATA_DIR without it. */
  databaseUrl?: string;
  /** Upper bound of the random delay between the start of the load and the SIGKILL (ms). */
  maxKillDelayMs?: number;
  /** The whole run stops (reporting a failure) past this. */
  timeLimitMs?: number;
};

export type CrashReport = {
  rounds: number;
  ordersAcknowledged: number;
  ordersLost: number;
  integrity: string;
  auditOk: boolean;
  failures: string[];
};

type Customer = { email: string; token: string };
type Sent = { key: string; customer: Customer; body: ReturnType<typeof checkoutBody> };

const is2xx = (status: number) => status >= 200 && status < 300;
const maxOrdersPerClientPerRound = 2_000;

/** What the check after the rounds reads from the database itself, whichever engine. */
type Stored = { integrity: string; liveOrders: string[]; keys: Array<{ key: string; orderId: string }> };

function readSqlite(dataDir: string): Stored {
  const db = new Database(join(dataDir, 'shop.db'), { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join('; '),
      liveOrders: db.prepare('select id from orders where removed = 0').pluck().all() as string[],
      keys: db.prepare('select key, order_id as orderId from order_requests').all() as Array<{ key: string; orderId: string }>,
    };
  } finally {
    db.close();
  }
}

/**
 * PostgreSQL's own counterpart of integrity_check: amcheck reads every heap page of the shop's
 * tables and every btree index, checking each heap tuple has its index entry.
 */
async function readPostgres(url: string): Promise<Stored> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists amcheck');
    const problems: string[] = [];
    const tables = await client.query<{ name: string }>("select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1");
    for (const { name } of tables.rows) {
      const heap = await client.query<{ msg: string }>('select msg from verify_heapam($1::regclass)', [name]);
      for (const { msg } of heap.rows) problems.push(`${name}: ${msg}`);
    }
    const indexes = await client.query<{ name: string }>(
      "select c.oid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace join pg_am am on am.oid = c.relam where n.nspname = 'public' and am.amname = 'btree' order by 1",
    );
    for (const { name } of indexes.rows) {
      try {
        await client.query('select bt_index_check($1::regclass, true)', [name]);
      } catch (e) {
        problems.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return {
      integrity: problems.length === 0 ? 'ok' : problems.join('; '),
      liveOrders: (await client.query<{ id: string }>('select id from orders where removed = false')).rows.map((r) => r.id),
      keys: (await client.query<{ key: string; orderId: string }>('select key, order_id as "orderId" from order_requests')).rows,
    };
  } finally {
    await client.end();
  }
}

export async function runCrashRounds(options: CrashOptions): Promise<CrashReport> {
  const rounds = Math.max(1, Math.floor(options.rounds));
  const clients = Math.max(1, Math.floor(options.clients));
  const maxKillDelayMs = options.maxKillDelayMs ?? 1_200;
  const runDeadline = Date.now() + (options.timeLimitMs ?? 60_000 + rounds * 30_000);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-crash-'));
  const ownDataDir = options.dataDir === undefined;
  const serverEnv: Record<string, string> = options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {};

  const failures: string[] = [];
  /** Idempotency-Key -> the order id a 2xx answered. */
  const acknowledged = new Map<string, string>();
  /** Orders a 2xx PATCH confirmed: they must be Confirmed at the end. */
  const confirmed = new Set<string>();
  /** Sent without an answer (the server died): sent again after the restart. */
  let unanswered: Sent[] = [];
  let roundsDone = 0;
  let integrity = 'not checked';
  let auditOk = false;
  let server: ServerProcess | null = null;

  const note = (message: string) => {
    if (failures.length < 50) failures.push(message);
  };

  const built = buildServerIfNeeded();
  if (built) console.warn(built);

  /** Sends again, with the same keys, the orders that got no answer. */
  const resend = async (url: string) => {
    const pending = unanswered;
    unanswered = [];
    await Promise.all(
      pending.map(async (sent) => {
        try {
          const res = await api(url, 'POST', '/api/orders', { token: sent.customer.token, body: sent.body, headers: { 'idempotency-key': sent.key } });
          if (is2xx(res.status)) acknowledged.set(sent.key, (res.body as { insertedId: string }).insertedId);
          else note(`resending ${sent.key} after a restart answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        } catch (e) {
          note(`resending ${sent.key} to a running server failed: ${String(e)}`);
        }
      }),
    );
  };

  try {
    let customers: Customer[] = [];
    let products: ProductChoice[] = [];
    let adminToken = '';

    for (let round = 1; round <= rounds; round++) {
      if (Date.now() > runDeadline) {
        note(`time limit reached after ${roundsDone} rounds`);
        break;
      }
      server = await startServer({ dataDir, env: serverEnv });
      const { url } = server;
      if (round === 1) {
        adminToken = await logIn(url, adminAccount.email, adminAccount.password);
        products = await someProducts(url);
        const runId = randomUUID().slice(0, 8);
        customers = await Promise.all(
          Array.from({ length: clients }, async (_, i) => {
            const email = `crash-${runId}-${i}@example.com`;
            return { email, token: await signUp(url, `Crash Client ${i}`, email) };
          }),
        );
      }
      await resend(url);

      // The load: every client places orders one after another until the server dies; an
      // admin confirms some acknowledged ones meanwhile, so the log holds more than Placed.
      let killed = false;
      const clientLoop = async (customer: Customer, index: number) => {
        for (let n = 0; n < maxOrdersPerClientPerRound && !killed; n++) {
          const product = products[(index + n) % products.length] as ProductChoice;
          const sent: Sent = { key: `crash-${round}-${index}-${n}-${randomUUID()}`, customer, body: checkoutBody(product._id, 1 + (n % 3)) };
          try {
            const res = await api(url, 'POST', '/api/orders', { token: customer.token, body: sent.body, headers: { 'idempotency-key': sent.key } });
            if (is2xx(res.status)) acknowledged.set(sent.key, (res.body as { insertedId: string }).insertedId);
            else note(`round ${round}: an order answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          } catch (e) {
            unanswered.push(sent);
            if (!killed) note(`round ${round}: an order failed while the server was alive: ${String(e)}`);
            return;
          }
        }
      };
      const adminLoop = async () => {
        for (let n = 0; n < maxOrdersPerClientPerRound && !killed; n++) {
          const ids = [...acknowledged.values()].filter((id) => !confirmed.has(id));
          const id = ids[Math.floor(Math.random() * ids.length)];
          if (!id) {
            await sleep(10);
            continue;
          }
          try {
            const res = await api(url, 'PATCH', `/api/orders/${id}`, { token: adminToken, body: { status: 'Confirmed' } });
            if (is2xx(res.status)) confirmed.add(id);
            else if (res.status !== 409) note(`round ${round}: confirming ${id} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          } catch (e) {
            if (!killed) note(`round ${round}: confirming failed while the server was alive: ${String(e)}`);
            return;
          }
        }
      };
      const load = Promise.all([...customers.map(clientLoop), adminLoop()]);
      await sleep(20 + Math.random() * maxKillDelayMs);
      killed = true;
      await server.kill();
      server = null;
      await load;
      roundsDone = round;
    }

    // Once more, without a kill: resend the last unanswered orders, then compare.
    server = await startServer({ dataDir, env: serverEnv });
    await resend(server.url);
    adminToken = await logIn(server.url, adminAccount.email, adminAccount.password);
    const listed = await allPages<{ _id: string; status: string }>(server.url, '/api/allOrders', adminToken);
    const byId = new Map(listed.map((o) => [o._id, o.status]));
    for (const id of acknowledged.values()) if (!byId.has(id)) note(`acknowledged order ${id} is missing from GET /api/allOrders`);
    for (const id of confirmed) if (byId.get(id) !== 'Confirmed') note(`order ${id} was confirmed (2xx) but is ${byId.get(id) ?? 'missing'}`);
    const stopped = await server.stop();
    server = null;
    if (stopped.code !== 0) note(`the server exited with ${stopped.code ?? stopped.signal} on SIGTERM`);

    // The database itself, after a clean stop (the SQLite file read-only).
    const stored = options.databaseUrl ? await readPostgres(options.databaseUrl) : readSqlite(dataDir);
    integrity = stored.integrity;
    const inDb = new Set(stored.liveOrders);
    const keyToOrder = new Map(stored.keys.map((r) => [r.key, r.orderId]));
    for (const [key, id] of acknowledged) {
      if (keyToOrder.get(key) !== id) note(`Idempotency-Key ${key} was answered with ${id} but the database maps it to ${keyToOrder.get(key) ?? 'nothing'}`);
    }
    const answered = new Set(acknowledged.values());
    const extra = [...inDb].filter((id) => !answered.has(id));
    if (extra.length > 0) note(`${extra.length} orders are in the database that no answer named (doubled by a resend?), e.g. ${extra[0]}`);
    if (integrity !== 'ok') note(`${options.databaseUrl ? 'amcheck' : 'PRAGMA integrity_check'}: ${integrity}`);
    const lost = [...new Set(acknowledged.values())].filter((id) => !inDb.has(id) || !byId.has(id));

    const audit = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'cli.mjs'), 'audit-verify'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...serverEnv },
      encoding: 'utf8',
      timeout: 180_000,
    });
    auditOk = audit.status === 0;
    if (!auditOk) note(`audit-verify: ${audit.stdout}${audit.stderr}`.trim());

    return { rounds: roundsDone, ordersAcknowledged: acknowledged.size, ordersLost: lost.length, integrity, auditOk, failures };
  } catch (e) {
    note(`the run stopped: ${e instanceof Error ? e.message : String(e)}`);
    return { rounds: roundsDone, ordersAcknowledged: acknowledged.size, ordersLost: -1, integrity, auditOk, failures };
  } finally {
    if (server) await server.kill();
    if (ownDataDir) {
      if (failures.length === 0) rmSync(dataDir, { recursive: true, force: true });
      else console.warn(`crash rounds: data kept for inspection in ${dataDir}`);
    }
  }
}

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dataDirAt = process.argv.indexOf('--data-dir');
  const report = await runCrashRounds({
    rounds: argument('rounds', 10),
    clients: argument('clients', 8),
    ...(dataDirAt >= 0 && process.argv[dataDirAt + 1] ? { dataDir: process.argv[dataDirAt + 1] as string } : {}),
  });
  console.table({
    'kill rounds': report.rounds,
    'orders acknowledged': report.ordersAcknowledged,
    'orders lost': report.ordersLost,
    integrity: report.integrity,
    audit: report.auditOk ? 'ok' : 'FAILED',
  });
  for (const f of report.failures) console.error(`FAIL ${f}`);
  process.exitCode = report.failures.length === 0 && report.ordersLost === 0 ? 0 : 1;
}
