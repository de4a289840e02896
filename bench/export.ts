/**
 * The orders CSV export (issue 17) at size. Run by hand:
 *
 *   npx tsx bench/export.ts [--orders 1000000] [--pause-ms 3000]
 *
 * Over a real SQLite file in a fresh temp folder (the app as tests/support/test-app.ts wires it),
 * it writes N listing rows straight into `orders` (the export reads nothing else; one line each,
 * names and addresses of realistic length, a Bengali one in ten), serves the shop's own listener
 * on 127.0.0.1 and, as an admin, measures:
 *   a: GET /api/orders/export.csv to a counting sink (bytes and CRLFs, nothing kept): rows/s, MB/s,
 *      and the peak RSS and heap of this process (server and client) above the level before;
 *   b: backpressure: a client that reads the first chunk and then stops for --pause-ms: how far the
 *      heap grows while it waits (a server that ignored backpressure would read on into memory);
 *   c: the same filtered by `q` (a name matching one order in ten) and by `status`.
 * The machine is shared (2 cores): repeat, and compare runs of one machine only.
 *
 * 2026-11-25, 1,000,000 orders (load average ~7 from other work): seeded in 46 s; a: 224 MB in
 * 13.5 s = 74,180 rows/s, RSS +33 MB and heap +27 MB at peak; b: heap +0.2 MB while the client
 * paused 3 s; c: q 45,937 rows/s, status 50,531 rows/s. Under a load of ~13 the same run took 78 s
 * (12,751 rows/s) with the same memory.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const total = arg('orders', 1_000_000);
const pauseMs = arg('pause-ms', 3_000);

const { createTestApp } = await import('../tests/support/test-app.js');
const { adminSession } = await import('../tests/support/http.js');
const t = await createTestApp();
const admin = (await adminSession(t)).token;
if (t.database.engine !== 'sqlite') throw new Error('bench/export.ts runs on SQLite');
const sqlite = t.database.handle.sqlite;

// Seeding: prepared inserts, 20,000 rows a transaction.
const seedStart = performance.now();
const insert = sqlite.prepare(
  `insert into orders (id, owner_user_id, email, name, phone, address, delivery_location, payment_method, applied_coupon, discount_bp, subtotal, discount, fee, amount, items, status, removed, placed_at, updated_at, version, order_number)
   values (?, ?, ?, ?, ?, ?, ?, 'Cash On Delivery', ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 1, ?)`,
);
const line = (i: number) => ({ productId: `p${i % 500}`, title: `Fox Tee ${i % 500}`, category: 'Tees', image: `https://img.test/${i % 500}.webp`, size: 'M', color: 'Red', quantity: 1 + (i % 3), unitPrice: 1200, price: 1200 * (1 + (i % 3)) });
const start = Date.parse('2024-01-01T00:00:00Z');
const seed = sqlite.transaction((from: number, to: number) => {
  for (let i = from; i < to; i++) {
    const items = [line(i), ...(i % 4 === 0 ? [line(i + 7)] : [])];
    const subtotal = items.reduce((s, l) => s + l.price, 0);
    const coupon = i % 5 === 0;
    const discount = coupon ? Math.round(subtotal / 10) : 0;
    const at = start + i * 30_000;
    insert.run(
      `bench${String(i).padStart(10, '0')}xxxxxxxxxx`,
      `owner${i % 5_000}`,
      `customer${i % 5_000}@example.com`,
      i % 10 === 0 ? `রহিমা খাতুন ${i}` : `Customer Name ${i}`,
      `+88017${String(i % 100_000_000).padStart(8, '0')}`,
      `House ${i % 200}, Road ${i % 30}, Dhanmondi, Dhaka 1209`,
      'Inside Dhaka',
      coupon ? 'EID10' : null,
      coupon ? 1000 : 0,
      subtotal,
      discount,
      60,
      subtotal - discount + 60,
      JSON.stringify(items),
      i % 7 === 0 ? 'Confirmed' : 'Pending',
      at,
      at,
      100_000 + i,
    );
  }
});
for (let i = 0; i < total; i += 20_000) seed(i, Math.min(total, i + 20_000));
sqlite.pragma('wal_checkpoint(TRUNCATE)');
console.log(`seeded ${total.toLocaleString('en')} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const server = http.createServer(t.listener);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as AddressInfo;

type Sampled = { rssMb: number; heapMb: number };
const mb = (n: number) => n / 1024 / 1024;
/** Peaks of RSS and heap over `run`, sampled every 20 ms, above the level just before (after a GC when --expose-gc). */
async function sampled<T>(run: () => Promise<T>): Promise<{ value: T; before: Sampled; peak: Sampled }> {
  (globalThis as { gc?: () => void }).gc?.();
  const now = () => process.memoryUsage();
  const before = { rssMb: mb(now().rss), heapMb: mb(now().heapUsed) };
  const peak = { ...before };
  const timer = setInterval(() => {
    const m = now();
    peak.rssMb = Math.max(peak.rssMb, mb(m.rss));
    peak.heapMb = Math.max(peak.heapMb, mb(m.heapUsed));
  }, 20);
  try {
    return { value: await run(), before, peak };
  } finally {
    clearInterval(timer);
  }
}

/** Streams the export into a counting sink; `pause` stops reading after the first chunk for that long. */
const download = (query: string, pause = 0) =>
  new Promise<{ status: number; bytes: number; lines: number; seconds: number; heapInPauseMb: number }>((resolve, reject) => {
    const began = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: `/api/orders/export.csv${query}`, headers: { authorization: `Bearer ${admin}` } }, (res) => {
      let bytes = 0;
      let lines = 0;
      let paused = false;
      let heapInPauseMb = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        if (pause && !paused) {
          paused = true;
          res.pause();
          const startHeap = mb(process.memoryUsage().heapUsed);
          const watch = setInterval(() => (heapInPauseMb = Math.max(heapInPauseMb, mb(process.memoryUsage().heapUsed) - startHeap)), 20);
          setTimeout(() => {
            clearInterval(watch);
            res.resume();
          }, pause);
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines, seconds: (performance.now() - began) / 1000, heapInPauseMb }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });

const report = (label: string, run: Awaited<ReturnType<typeof sampled<Awaited<ReturnType<typeof download>>>>>) => {
  const { value: d, before, peak } = run;
  const rows = d.lines - 1;
  console.log(
    `${label}: ${d.status}, ${rows.toLocaleString('en')} rows, ${mb(d.bytes).toFixed(0)} MB in ${d.seconds.toFixed(1)} s = ${Math.round(rows / d.seconds).toLocaleString('en')} rows/s, ${(mb(d.bytes) / d.seconds).toFixed(1)} MB/s; ` +
      `RSS ${before.rssMb.toFixed(0)} -> peak ${peak.rssMb.toFixed(0)} MB (+${(peak.rssMb - before.rssMb).toFixed(0)}), heap ${before.heapMb.toFixed(0)} -> peak ${peak.heapMb.toFixed(0)} MB (+${(peak.heapMb - before.heapMb).toFixed(0)})` +
      (d.heapInPauseMb ? `; heap growth while the client paused ${pauseMs} ms: ${d.heapInPauseMb.toFixed(1)} MB` : ''),
  );
  return rows;
};

const all = report('a  all orders', await sampled(() => download('')));
if (all !== total) throw new Error(`expected ${total} rows, got ${all}`);
report('b  paused client', await sampled(() => download('?status=Confirmed', pauseMs)));
report('c1 q=রহিমা (1 in 10)', await sampled(() => download(`?q=${encodeURIComponent('রহিমা')}`)));
report('c2 status=Confirmed (1 in 7)', await sampled(() => download('?status=Confirmed')));

server.closeAllConnections();
await new Promise((r) => server.close(r));
await t.close();
