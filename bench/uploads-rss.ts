/**
 * 16 parallel 4000 x 4000 admin uploads against the built server, run with npm start's V8 flags
 * (issue 40, decision 047). Run by hand:
 *
 *   npm run build:server && npx tsx bench/uploads-rss.ts [--uploads 16] [--rounds 3]
 *
 * Prints the server's RSS at start, its peak (VmHWM) and its RSS 2 s after each round, and the
 * answers by status (201, or 429 images/busy past the one decoding and the 8 waiting). The
 * server's glibc malloc settings can be tried with BENCH_MALLOC_MMAP_THRESHOLD (passed as
 * MALLOC_MMAP_THRESHOLD_) and BENCH_MALLOC_ARENA_MAX (MALLOC_ARENA_MAX).
 *
 * 2026-11-28, 2 shared cores under others' test runs, a 1.6 MB JPEG, start RSS 83-85 MB:
 *   before issue 40 (the issue's figure): ~490 MB after 16 uploads;
 *   now, glibc defaults: 9 x 201 + 7 x 503 a round; RSS after +179, +181, +213 MB (peak 281-303);
 *   now, MALLOC_ARENA_MAX=2: +86, +94 MB (peak 198-219); the JS heap 22 MB, external 11-36 MB;
 *   now, MALLOC_MMAP_THRESHOLD_=131072: +49, +44 MB (peak 219-239): what stays is glibc's
 *   dynamic mmap threshold keeping freed multi-MB blocks (bodies, pixels) on its heap.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { adminAccount, startFlags, startServer } from '../tests/support/server-process.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const uploads = arg('uploads', 16);
const rounds = arg('rounds', 3);

const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'uploads-rss-'));
const server = await startServer({ dataDir, nodeArgs: startFlags, env: { DEMO_DATA: 'false', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123', ...(process.env.BENCH_MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.BENCH_MALLOC_ARENA_MAX } : {}), ...(process.env.BENCH_MALLOC_MMAP_THRESHOLD ? { MALLOC_MMAP_THRESHOLD_: process.env.BENCH_MALLOC_MMAP_THRESHOLD } : {}) } });
try {
  const pid = server.child.pid as number;
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(adminAccount) });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  // A photo-like picture (noise compresses like a photo does), 4000 x 4000.
  const side = 4000;
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).blur(1.2).jpeg({ quality: 80 }).toBuffer();
  await sleep(500);
  const start = memoryOf(pid);
  console.log(`photo ${(photo.length / 1e6).toFixed(1)} MB; server RSS at start ${start.rssMb.toFixed(0)} MB`);
  for (let round = 1; round <= rounds; round++) {
    const statuses: Record<number, number> = {};
    const started = performance.now();
    await Promise.all(
      Array.from({ length: uploads }, async () => {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(photo)]), 'photo.jpg');
        const res = await fetch(`${server.url}/api/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }),
    );
    const ms = performance.now() - started;
    await sleep(2000);
    const after = memoryOf(pid);
    console.log(`round ${round}: ${JSON.stringify(statuses)} in ${(ms / 1000).toFixed(1)} s; RSS after ${after.rssMb.toFixed(0)} MB (+${(after.rssMb - start.rssMb).toFixed(0)}), peak ${after.peakMb.toFixed(0)} MB`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
