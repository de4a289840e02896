/**
 * The ordering module's own commit benchmark (for iterating on group commit; the official numbers
 * come from `npm run bench`). Run by hand:
 *
 *   npx tsx bench/orders-commit.ts [--seconds 10] [--connections 50] [--customers 200] [--rounds 1] [--prof] [--witness]
 *
 * It forks a server process (the real app as tests/support/test-app.ts wires it, over a real
 * SQLite file in a fresh temp folder, served by @hono/node-server on 127.0.0.1), signs up N
 * customers, then in this process measures, in the same run:
 *   g: one-row transactions per second with better-sqlite3 on a file in the same folder, with the
 *      pragmas of src/platform/sqlite.ts (openDatabase), for 3 s, before and after f;
 *   f: POST /api/orders ("Order Now" body, so no cart is needed) by the signed-in customers, round
 *      robin, a fresh Idempotency-Key each, with autocannon, 50 connections, after a 2 s warm-up.
 * It prints f, g (mean of before/after), f/g, p50/p99, and checks that every 201 is a stored order
 * and that the audit chain verifies. The machine is shared and its disk is noisy: repeat.
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

type Ready = { port: number; dir: string; tokens: string[]; productId: string };
type Counted = { orders: number; events: number; verified: boolean; problem: unknown };

if (process.argv.includes('--serve')) {
  await serve(arg('customers', 200));
} else {
  await measure();
}

async function serve(customers: number) {
  const { serve: listen } = await import('@hono/node-server');
  const { createTestApp } = await import('../tests/support/test-app.js');
  const { call, signUpCustomer } = await import('../tests/support/http.js');
  const { auditOrderLog } = await import('../src/modules/audit/index.js');
  // --witness: with AUDIT_WITNESS_PATH in a folder of its own (decision 049), to measure its cost.
  const witnessDir = process.argv.includes('--witness') ? (await import('node:fs')).mkdtempSync(join((await import('node:os')).tmpdir(), 'bench-witness-')) : null;
  // One phone for every order: the per-phone limits out of the way.
  const placementLimits = { perDay: 100_000, perHour: 100_000, maxPending: 100_000, maxPendingPerPhone: 100_000 };
  const t = await createTestApp({ placementLimits, ...(witnessDir ? { env: { AUDIT_WITNESS_PATH: join(witnessDir, 'head.witness') } } : {}) });
  await t.seedDemo();
  // Stock for the whole run (decision 028: an order takes stock, and the demo has 10 of each).
  await t.query('update product_variants set stock = 1000000');
  const products = (await (await call(t, 'GET', '/api/products?q=Sleepy Spirit Fox')).json()) as Array<{ _id: string }>;
  const tokens: string[] = [];
  for (let i = 0; i < customers; i++) tokens.push((await signUpCustomer(t, `Buyer ${i}`, `buyer${i}@bench.test`)).token);
  const server = listen({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send?.({ port: info.port, dir: t.dir, tokens, productId: products[0]!._id } satisfies Ready);
  });
  process.on('message', (m: { type: string }) => {
    if (m.type === 'count') {
      void (async () => {
        const orders = Number(await t.value('select count(*) as count from orders'));
        const events = Number(await t.value('select count(*) as count from order_events'));
        const audit = await auditOrderLog(t.database);
        process.send?.({ orders, events, verified: audit.verified, problem: audit.problem } satisfies Counted);
      })();
    } else if (m.type === 'stop') {
      server.close();
      void t.close().then(() => process.exit(0));
    }
  });
}

function once<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function rawCommitRate(file: string, seconds: number): Promise<number> {
  const { openDatabase } = await import('../src/platform/sqlite.js');
  const handle = openDatabase(file);
  try {
    handle.sqlite.exec('create table if not exists commits (id integer primary key, v text not null)');
    const insert = handle.sqlite.prepare('insert into commits (v) values (?)');
    const one = handle.sqlite.transaction((v: string) => insert.run(v));
    const end = performance.now() + seconds * 1000;
    let n = 0;
    while (performance.now() < end) {
      one(`row ${n}`);
      n++;
    }
    return n / seconds;
  } finally {
    handle.close();
  }
}

async function measure() {
  const seconds = arg('seconds', 10);
  const connections = arg('connections', 50);
  const rounds = arg('rounds', 1);
  const child = fork(process.argv[1]!, ['--serve', '--customers', String(arg('customers', 200)), ...(process.argv.includes('--witness') ? ['--witness'] : [])], {
    stdio: 'inherit',
    // --prof: a V8 CPU profile of the server in bench/profiles/ (open it in Chrome DevTools).
    execArgv: process.argv.includes('--prof') ? [...process.execArgv, '--cpu-prof', '--cpu-prof-dir=bench/profiles'] : process.execArgv,
  });
  try {
    const ready = await once<Ready>(child);
    const url = `http://127.0.0.1:${ready.port}/api/orders`;
    const body = JSON.stringify({
      name: 'Bench Buyer',
      phone: '01712345678',
      address: 'House 5, Road 2, Dhanmondi',
      deliveryLocation: 'Inside Dhaka',
      paymentMethod: 'Cash On Delivery',
      items: [{ productId: ready.productId, size: '', color: '', quantity: 1 }],
    });
    let next = 0;
    const statuses = new Map<number, number>();
    const run = (duration: number) =>
      autocannon({
        url,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              body,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${ready.tokens[next++ % ready.tokens.length]}`,
                'idempotency-key': `bench-${randomUUID()}`,
              },
            }),
            onResponse: (status: number) => void statuses.set(status, (statuses.get(status) ?? 0) + 1),
          },
        ],
      });

    await run(2); // warm-up
    for (let round = 1; round <= rounds; round++) {
      const gBefore = await rawCommitRate(join(ready.dir, `raw-commits-${round}.db`), 3);
      statuses.clear();
      const result = await run(seconds);
      const gAfter = await rawCommitRate(join(ready.dir, `raw-commits-${round}.db`), 3);
      const g = (gBefore + gAfter) / 2;
      const created = statuses.get(201) ?? 0;
      const f = created / seconds;
      console.log(
        JSON.stringify({
          round,
          f: Math.round(f),
          g: Math.round(g),
          gBefore: Math.round(gBefore),
          gAfter: Math.round(gAfter),
          'f/g': Number((f / g).toFixed(2)),
          p50ms: result.latency.p50,
          p99ms: result.latency.p99,
          statuses: Object.fromEntries(statuses),
          errors: result.errors,
          timeouts: result.timeouts,
        }),
      );
    }
    child.send({ type: 'count' });
    const counted = await once<Counted>(child);
    console.log(JSON.stringify({ stored: counted }));
    if (!counted.verified) process.exitCode = 1;
  } finally {
    child.send({ type: 'stop' });
  }
}
