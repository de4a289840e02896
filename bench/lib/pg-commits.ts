import type pg from 'pg';
import { postgresCpuSeconds } from './proc.js';

export type CommitRound = { commits: number; seconds: number; p50: number; p99: number; pgCpu: number; clientCpu: number };

/**
 * (pg) PostgreSQL's raw one-row commits, the limit orders are judged against (bench/postgres.ts,
 * bench/large-postgres.ts): one transaction after another on one connection, as (g) does on
 * SQLite: BEGIN, an INSERT of an order-sized row into `commits`, COMMIT (three round trips, as a
 * driver's transaction takes). Latencies in ms; the server's CPU (from `postmaster`'s processes,
 * when given) and this process's over the timed part.
 */
export async function commitRound(client: pg.Client, seconds: number, warmupSeconds: number, postmaster?: number): Promise<CommitRound> {
  const insert = { name: 'bench-commit', text: 'insert into commits (at, note) values ($1, $2)' };
  const run = async (ms: number) => {
    const latencies: number[] = [];
    const end = performance.now() + ms;
    let now = performance.now();
    while (now < end) {
      const t = now;
      await client.query('begin');
      await client.query({ ...insert, values: [Date.now(), 'order-sized row'] });
      await client.query('commit');
      now = performance.now();
      latencies.push(now - t);
    }
    return latencies;
  };
  await run(warmupSeconds * 1000);
  const pgBefore = postgresCpuSeconds(postmaster);
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const latencies = await run(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  latencies.sort((x, y) => x - y);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { commits: latencies.length, seconds: elapsed, p50: at(0.5), p99: at(0.99), pgCpu: postgresCpuSeconds(postmaster) - pgBefore, clientCpu: (own.user + own.system) / 1e6 };
}
