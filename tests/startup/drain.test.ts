import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfNeeded, customerPassword, startServer, type ServerProcess } from '../support/server-process.js';

// SIGTERM (docker stop) against the built server as a real process: requests in flight finish,
// new connections are refused, the process exits 0 and the database is closed (WAL checkpointed).
// The health check's report of a broken database is tested in tests/api/foundation.test.ts.
const dirs: string[] = [];
let server: ServerProcess | null = null;
beforeAll(() => {
  buildServerIfNeeded();
}, 180_000);
afterAll(async () => {
  await server?.kill();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

type Reply = { status: number; body: string };
const replyOf = (res: IncomingMessage) =>
  new Promise<Reply>((resolve, reject) => {
    let body = '';
    res.on('data', (d: Buffer) => (body += d.toString()));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    res.on('error', reject);
  });

/** A sign-up whose body is sent in two parts, `rest()` sending the second. */
function slowSignUp(base: URL, email: string, agent: Agent | false = false) {
  const body = Buffer.from(JSON.stringify({ name: 'Slow Drain', email, password: customerPassword }));
  let resolveReply!: (r: Reply) => void;
  let rejectReply!: (e: Error) => void;
  const reply = new Promise<Reply>((resolve, reject) => {
    resolveReply = resolve;
    rejectReply = reject;
  });
  const req = request(
    { host: base.hostname, port: base.port, path: '/api/auth/signup', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } },
    (res) => replyOf(res).then(resolveReply, rejectReply),
  );
  req.on('error', rejectReply);
  req.write(body.subarray(0, 10));
  return { reply, rest: () => req.end(body.subarray(10)) };
}

const connectionRefused = (base: URL) =>
  new Promise<string>((resolve) => {
    const socket = connect({ host: base.hostname, port: Number(base.port) });
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });

describe('SIGTERM', () => {
  it('lets requests in flight finish, refuses new connections, exits 0 and checkpoints the WAL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-drain-'));
    dirs.push(dataDir);
    server = await startServer({ dataDir, env: { DEMO_DATA: 'false' } });
    const base = new URL(server.url);

    // An idle keep-alive connection must not hold the shutdown for its 10 s limit.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const health = await new Promise<Reply>((resolve, reject) => request({ host: base.hostname, port: base.port, path: '/api/health', agent: keepAlive }, (res) => replyOf(res).then(resolve, reject)).on('error', reject).end());
    expect(health.status).toBe(200);

    // Sign-ups in flight (scrypt: real work on the thread pool), each with half its body sent, so
    // that they are surely still running when the signal comes. Few: the machine may be busy, and
    // the server forces its exit after 10 s.
    // Sent over kept-alive connections, as a browser or a proxy does: once answered, they go idle
    // and must be closed then, not after the server's 5 s keep-alive timeout.
    const emails = Array.from({ length: 6 }, (_, i) => `drain-${i}@example.com`);
    const browser = new Agent({ keepAlive: true, maxSockets: 10 });
    const inFlight = emails.map((email) => slowSignUp(base, email, browser));
    await new Promise((r) => setTimeout(r, 500));
    const exitedAt = server.exited.then(() => Date.now());
    const termAt = Date.now();
    server.child.kill('SIGTERM');
    for (let i = 0; i < 100 && !server.out().includes('"msg":"shutting down"'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(server.out()).toContain('"msg":"shutting down"');

    // Draining (the half-sent requests hold it), yet the port takes no one new.
    expect(server.child.exitCode).toBeNull();
    expect(await connectionRefused(base)).toBe('ECONNREFUSED');

    inFlight.forEach((s) => s.rest());
    const replies = await Promise.all(inFlight.map((s) => s.reply.catch((e: Error) => ({ status: -1, body: e.message }))));
    const answeredAt = Date.now();
    expect(replies.filter((r) => r.status !== 201)).toEqual([]);

    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect((await exitedAt) - termAt).toBeLessThan(9_000); // not the forced exit after 10 s
    expect((await exitedAt) - answeredAt).toBeLessThan(3_000); // not held by kept-alive connections
    expect(server.out()).toContain('"msg":"stopped"');
    keepAlive.destroy();
    browser.destroy();
    server = null;

    // Closed cleanly: the WAL was checkpointed into the file and removed (or left empty).
    const wal = join(dataDir, 'shop.db-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    const db = new Database(join(dataDir, 'shop.db'), { readonly: true });
    try {
      const stored = new Set(db.prepare('select email from users').pluck().all() as string[]);
      for (const email of emails) expect(stored).toContain(email);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 90_000);
});
