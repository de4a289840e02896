/**
 * The built server (dist/main.js) as a child process on a loopback port, for the tests that
 * must see the real process: crash rounds, backup while serving, SIGTERM drain. Every child
 * started here is remembered and SIGKILLed when the parent exits, so none outlives a run.
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const adminAccount = { email: 'crash-admin@shop.test', password: 'Admin#Crash1' } as const;
export const customerPassword = 'Sakura#2026';

const headChars = 256 * 1024;
const keptChars = headChars + 1024 * 1024;
const children = new Set<ChildProcessByStdio<null, Readable, Readable>>();
let exitHookInstalled = false;
function killAllOnExit() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
}

/**
 * Builds dist/ when it is missing or older than src/ (scripts/build-if-needed.mjs). When the build
 * fails but an earlier dist/main.js exists (another change in progress), that one is used and the
 * reason is returned so a caller can report it.
 */
export function buildServerIfNeeded(): string | null {
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "const m = await import('./scripts/build-if-needed.mjs'); m.buildServerIfNeeded();"],
    { cwd: repoRoot, encoding: 'utf8', timeout: 180_000 },
  );
  if (run.status === 0) return null;
  if (!existsSync(join(repoRoot, 'dist', 'main.js'))) {
    throw new Error(`the server could not be built: ${run.stdout}\n${run.stderr}`);
  }
  return `npm run build:server failed (status ${run.status}); using the existing dist/: ${(run.stdout + run.stderr).slice(-400)}`;
}

export type ServerProcess = {
  url: string;
  child: ChildProcessByStdio<null, Readable, Readable>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  out: () => string;
  err: () => string;
  /** SIGKILL, then wait for the exit. */
  kill: () => Promise<void>;
  /** SIGTERM, then wait for the exit (SIGKILL after timeoutMs). */
  stop: (timeoutMs?: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type StartOptions = {
  dataDir: string;
  env?: Record<string, string>;
  port?: number;
  timeoutMs?: number;
  /** Node flags before dist/main.js, e.g. npm start's V8 memory budget (`startFlags`). */
  nodeArgs?: string[];
};

/** The V8 flags `npm start` and the Docker image run the server with (package.json "start"). */
export const startFlags = ['--max-old-space-size=96', '--max-semi-space-size=4'];

/**
 * The glibc settings `npm start` and the Docker image run the server with (package.json "start",
 * decision 047): two arenas, and blocks of 128 KB or more mapped and returned at free, so the
 * buffers of a burst of image decodes do not stay in RSS.
 */
export const startEnv = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** Starts `node dist/main.js` and resolves once it logs its listening address. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  killAllOnExit();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(repoRoot, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
      DATA_DIR: options.dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DEMO_DATA: 'true',
      // The demo catalogue, but no demo orders (issue 17): these harnesses count every order they placed.
      DEMO_ORDERS: 'false',
      ADMIN_EMAIL: adminAccount.email,
      ADMIN_PASSWORD: adminAccount.password,
      AUTH_RATE_LIMIT: '10000',
      // The crash rounds and races order far more than a shopper may (an empty value means the default).
      MAX_PENDING_ORDERS: '1000000',
      ORDERS_PER_HOUR: '1000000',
      ORDERS_PER_DAY: '1000000',
      MAX_PENDING_PER_PHONE: '1000000',
      COD_BLOCK_AFTER_CANCELS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  // The first 256 KB (start-up lines) and the newest 1 MB of each stream: a flood of requests
  // logs a line each, and the test process must not hold them all.
  const keep = (kept: string, more: string) => {
    const all = kept + more;
    return all.length <= keptChars ? all : `${all.slice(0, headChars)}\n[...]\n${all.slice(-(keptChars - headChars))}`;
  };
  child.stdout.on('data', (d: Buffer) => (stdout = keep(stdout, d.toString())));
  child.stderr.on('data', (d: Buffer) => (stderr = keep(stderr, d.toString())));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (alive()) child.kill('SIGKILL');
    await exited;
  };
  const stop = async (timeoutMs = 15_000) => {
    if (alive()) child.kill('SIGTERM');
    const timer = setTimeout(() => alive() && child.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const timeoutMs = options.timeoutMs ?? 60_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`the server did not listen within ${timeoutMs} ms: ${stdout.slice(-500)} ${stderr.slice(-500)}`)), timeoutMs);
    const check = () => {
      const m = /"url":"(http:[^"]+)"/.exec(stdout);
      if (m?.[1]) done(null, m[1]);
    };
    const early = () => done(new Error(`the server exited before listening: ${stdout.slice(-500)} ${stderr.slice(-500)}`));
    function done(e: Error | null, found?: string) {
      clearTimeout(timer);
      child.stdout.off('data', check);
      child.off('exit', early);
      if (e) {
        void kill();
        reject(e);
      } else resolve(found as string);
    }
    child.stdout.on('data', check);
    child.on('exit', early);
    check();
  });
  return { url, child, exited, out: () => stdout, err: () => stderr, kill, stop };
}

export type Answer = { status: number; body: unknown };

/** One JSON call with a time bound; a network failure (killed server) throws. */
export async function api(url: string, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body };
}

/** Every row of a paged list (limit 200 a page, until X-Total-Count is reached), in the list's order. */
export async function allPages<T>(url: string, path: string, token: string, timeoutMs = 60_000): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const res = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}limit=200&offset=${rows.length}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    const page = (await res.json()) as T[];
    rows.push(...page);
    const total = Number(res.headers.get('x-total-count'));
    if (page.length === 0 || !(rows.length < total)) return rows;
  }
}

export async function logIn(url: string, email: string, password: string): Promise<string> {
  const res = await api(url, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

export async function signUp(url: string, name: string, email: string): Promise<string> {
  const res = await api(url, 'POST', '/api/auth/signup', { body: { name, email, password: customerPassword } });
  if (res.status !== 201) throw new Error(`sign-up of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

export type ProductChoice = { _id: string; price: number };

/**
 * Products to order under load: `limit` products of their own, each with stock for any load a test
 * puts on it (the demo catalogue has low and sold-out lines; decision 027). The demo catalogue is
 * drawn after the server listens, so this waits for it first and files them in its first category.
 */
export async function someProducts(url: string, limit = 8, timeoutMs = 60_000): Promise<ProductChoice[]> {
  const deadline = Date.now() + timeoutMs;
  let demo: Array<ProductChoice & { category: string; images: string[] }>;
  for (;;) {
    const res = await api(url, 'GET', '/api/products?limit=1');
    demo = res.body as typeof demo;
    if (res.status === 200 && Array.isArray(demo) && demo.length > 0) break;
    if (Date.now() > deadline) throw new Error(`no products to order after ${timeoutMs} ms: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    await sleep(200);
  }
  const [like] = demo;
  const token = await logIn(url, adminAccount.email, adminAccount.password);
  const made: ProductChoice[] = [];
  for (let i = 0; i < limit; i++) {
    const price = 500 + 100 * i;
    const res = await api(url, 'POST', '/api/products', {
      token,
      body: { title: `Load Test Card ${i}`, description: 'Ordered under load.', category: like!.category, price, sizes: [], colors: [], images: like!.images, variants: [{ size: '', color: '', stock: 100_000 }] },
    });
    if (res.status !== 201) throw new Error(`a product to order could not be made: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    made.push({ _id: (res.body as { insertedId: string }).insertedId, price });
  }
  return made;
}

export const checkoutBody = (productId: string, quantity: number) => ({
  name: 'Crash Tester',
  phone: '01712345678',
  address: 'House 1, Road 1, Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  items: [{ productId, size: '', color: '', quantity }],
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
