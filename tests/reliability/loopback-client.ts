/**
 * A small HTTP client for the second abuse round (abuse-customers.ts): every request leaves from a
 * loopback address of its caller's choosing (127.0.0.0/8 is all loopback on Linux), so the server,
 * started with its defaults (no TRUST_PROXY), sees one attacker, one NAT or one shopper as one
 * address each; a Host header of our own (fetch forbids it); bodies counted, and kept only when
 * small or an error (a refusal's body is checked for the error format).
 */
import http from 'node:http';

export type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, kept when it is at most `keepBytes` or the status is not 2xx. */
  text: string;
  bytes: number;
  ms: number;
};

export type CallOptions = {
  token?: string;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** The loopback address the request leaves from (default 127.0.0.1). */
  from?: string;
  timeoutMs?: number;
  /** Keep a 2xx body up to this many bytes (default 256 KB); longer ones are counted only. */
  keepBytes?: number;
};

const agents = new Map<string, http.Agent>();
const agentFor = (from: string) => {
  let agent = agents.get(from);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 64, localAddress: from });
    agents.set(from, agent);
  }
  return agent;
};

/** Closes the kept-alive sockets (at the end of a run). */
export function closeAgents() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** One request; resolves with the answer, rejects on a reset, a refused connection or the time-out. */
export function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const url = new URL(path, base);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: Buffer | undefined = options.body;
  if (options.json !== undefined) {
    payload = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  }
  if (options.contentType) headers['content-type'] = options.contentType;
  if (payload) headers['content-length'] = String(payload.length);
  const keepBytes = options.keepBytes ?? 256 * 1024;
  const started = performance.now();
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: agentFor(options.from ?? '127.0.0.1'), timeout: options.timeoutMs ?? 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (!ok || bytes <= keepBytes) chunks.push(chunk);
        });
        res.on('end', () => {
          const text = !ok || bytes <= keepBytes ? Buffer.concat(chunks).toString('utf8') : '';
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, bytes, ms: performance.now() - started });
        });
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('the answer was cut')));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The JSON of a reply (throws with its status and text when it is not JSON). */
export function jsonOf<T>(reply: Reply): T {
  try {
    return JSON.parse(reply.text) as T;
  } catch {
    throw new Error(`not JSON (${reply.status}): ${reply.text.slice(0, 200)}`);
  }
}

/** `{ "error": { "code", "message" } }`, the shop's error body. */
export function isErrorFormat(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

/**
 * A reader that takes an answer slowly: `bytesPerTick` every `tickMs`, until `stop()` (which
 * closes the connection). Resolves with the status, what it read and whether the server cut it.
 */
export function slowRead(base: string, path: string, options: { token: string; from?: string; bytesPerTick?: number; tickMs?: number }) {
  const url = new URL(path, base);
  let request: http.ClientRequest | null = null;
  let stopped = false;
  const done = new Promise<{ status: number; bytes: number; cut: boolean; error?: string; text?: string }>((resolve) => {
    request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', headers: { authorization: `Bearer ${options.token}` }, agent: false, localAddress: options.from ?? '127.0.0.1' },
      (res) => {
        if ((res.statusCode ?? 0) >= 400) {
          // A refusal (429 exports-busy when the export slots are taken) is read whole at once, so its
          // error body can be checked for the error format like any other answer's.
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, bytes: body.length, cut: false, text: body.toString('utf8') });
          });
          res.on('error', (e) => resolve({ status: res.statusCode ?? 0, bytes: 0, cut: !stopped, error: e.message }));
          return;
        }
        let bytes = 0;
        const tick = options.bytesPerTick ?? 16 * 1024;
        res.pause();
        const timer = setInterval(() => {
          let taken = 0;
          for (let chunk: Buffer | null = res.read() as Buffer | null; chunk; chunk = res.read() as Buffer | null) {
            bytes += chunk.length;
            taken += chunk.length;
            if (taken >= tick) break;
          }
        }, options.tickMs ?? 250);
        const finish = (cut: boolean) => {
          clearInterval(timer);
          resolve({ status: res.statusCode ?? 0, bytes, cut });
        };
        res.on('end', () => finish(false));
        res.on('close', () => finish(!stopped && !res.complete));
      },
    );
    request.on('error', (e) => resolve({ status: 0, bytes: 0, cut: !stopped, error: e.message }));
    request.end();
  });
  return {
    done,
    stop: () => {
      stopped = true;
      (request as http.ClientRequest | null)?.destroy();
    },
  };
}

/** A multipart/form-data body with one file field. */
export function multipartFile(field: string, name: string, type: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----abuse${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
