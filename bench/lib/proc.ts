/**
 * What the benches (bench/server.mjs, bench/large.ts, bench/large-postgres.ts) share: reading a
 * process's memory and CPU from /proc, plain HTTP calls, a free port, child processes stopped when
 * the bench ends, and the V8 flags `npm start` gives node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)] ?? 0;

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), 0 when the process is gone. */
export function memKB(pid: number | undefined, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far; with `children`, those of its waited-for children too. */
export function cpuSeconds(pid: number | undefined, children = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime (and cutime, cstime) in clock ticks (USER_HZ = 100)
    return (Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0)) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the whole PostgreSQL server: the postmaster, its live children and those gone. */
export function postgresCpuSeconds(postmaster: number | undefined): number {
  if (!postmaster) return 0;
  let total = cpuSeconds(postmaster, true);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export type Answer = { status: number | undefined; headers: http.IncomingHttpHeaders; body: Buffer };

/** One HTTP call on loopback, without keep-alive; a JSON body when `body` is given (a string as it is). */
export function request(
  port: number,
  method: string,
  path: string,
  { headers = {}, body, timeoutMs = 10_000 }: { headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { ...(data ? { 'content-type': 'application/json', 'content-length': String(data.length) } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout ${method} ${path}`)));
    req.on('error', reject);
    req.end(data);
  });
}

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  await new Promise((r) => server.close(r));
  if (!address || typeof address !== 'object') throw new Error('no free port');
  return address.port;
}

const children = new Set<ChildProcess>();
/** Kills every child still running (a bench's `finally`). */
export function killChildren(): void {
  for (const c of children) c.kill('SIGKILL');
}
/** Run when the bench exits, however it exits (after its children are killed). */
export const atExit: Array<() => void> = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  for (const f of atExit) f();
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));

/** Lines in a file (0 when it is not there). */
export function countLines(file: string): number {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return 0;
  }
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n += 1;
  return n;
}

/**
 * `node <args>` from the repository's root, its stdout appended to `log` (as a log collector would
 * take it: the bench does not pay for reading every line); killed if the bench exits first. `out()`
 * is the log's first 64 KB (the listening line, errors), `logLines()` its length in lines.
 */
export function startChild(args: string[], env: NodeJS.ProcessEnv, log: string) {
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', fd, 'pipe'] });
  closeSync(fd);
  children.add(child);
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    if (err.length < 64 * 1024) err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => (children.delete(child), resolve(code))));
  const out = () => {
    try {
      return readFileSync(log, 'utf8').slice(0, 64 * 1024);
    } catch {
      return '';
    }
  };
  return { child, exited, err: () => err, out, logLines: () => countLines(log) };
}
export type Child = ReturnType<typeof startChild>;

/** SIGTERM, then SIGKILL after 15 s; the exit code. */
export async function stop(p: { child: ChildProcess; exited: Promise<number | null> }) {
  if (p.child.exitCode !== null) return p.exited;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
  const code = await p.exited;
  clearTimeout(timer);
  return code;
}

/** The V8 flags of `npm start` (package.json), so the bench runs the shop as production does. */
export const startFlags: string[] = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.match(/--[\w-]+=\d+/g) ?? [];
