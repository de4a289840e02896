import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/**
 * A cache of whole responses in front of the Hono app, for public GETs whose answer depends only
 * on the URL, the Accept-Encoding header and a version (the catalogue's change counter). The first
 * request of each kind goes through the app (every middleware, the route, compression) and its
 * status, headers and body bytes are kept; later ones get those bytes back without Hono, with a
 * fresh X-Request-Id and their own request log line. Headers are the app's own, so they cannot
 * drift from what the app would answer (docs/decisions/008-response-cache.md).
 *
 * Only 200 and 304 answers without Set-Cookie are kept. A conditional request is answered from the
 * cache only when its If-None-Match is absent, equal to the kept ETag (the kept 304), or a single
 * other tag (the kept 200); anything else (lists, `*`) goes to the app.
 */
export type ResponseCacheOptions = {
  /** The app: Hono's fetch, called with Node bindings like @hono/node-server does. */
  fetch: (request: Request, env: { incoming: IncomingMessage; outgoing: ServerResponse }) => Response | Promise<Response>;
  /** Whether GET answers for this path (no query) may be kept. */
  cacheable: (path: string) => boolean;
  /** Changes whenever any kept answer may change; a new version empties the cache. */
  version: () => string;
  /** The request log line of an answer served from the cache (the app logs the others). */
  log: (fields: { reqId: string; method: string; path: string; status: number; ms: number }) => void;
  maxBytes?: number;
};

type Entry = {
  status: number;
  /** Flat [name, value, name, value, ...] as writeHead takes it; the request id's value is replaced. */
  headers: string[];
  requestIdAt: number;
  etag: string | null;
  body: Buffer;
};

const validRequestId = (id: string | undefined): id is string => id !== undefined && id.length > 0 && id.length <= 255 && !/[^\w\-=]/.test(id);

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

export function createResponseCache(options: ResponseCacheOptions) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  let entries = new Map<string, Entry>();
  let bytes = 0;
  let version = '';
  // Header names and values repeat across entries (security headers, one ETag per version): one
  // copy of each string instead of one per kept answer (~10 MB for 5,000 products).
  let strings = new Map<string, string>();
  const intern = (text: string) => {
    const known = strings.get(text);
    if (known !== undefined) return known;
    strings.set(text, text);
    return text;
  };
  const empty = () => {
    entries = new Map();
    strings = new Map();
    bytes = 0;
  };

  const send = (req: IncomingMessage, res: ServerResponse, entry: Entry, path: string, started: number) => {
    const incomingId = req.headers['x-request-id'];
    const reqId = validRequestId(typeof incomingId === 'string' ? incomingId : undefined) ? (incomingId as string) : randomUUID();
    const headers = entry.headers.slice();
    if (entry.requestIdAt >= 0) headers[entry.requestIdAt] = reqId;
    res.writeHead(entry.status, headers);
    res.end(entry.status === 304 ? undefined : entry.body);
    options.log({ reqId, method: 'GET', path, status: entry.status, ms: Math.round((performance.now() - started) * 10) / 10 });
  };

  /** Through the app; the answer is written out and, when it may be, kept under `key`. */
  const fill = async (req: IncomingMessage, res: ServerResponse, key: string, at: string) => {
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: 'GET', headers: toHeaders(req.headers) });
    const response = await options.fetch(request, { incoming: req, outgoing: res });
    const body = Buffer.from(await response.arrayBuffer());
    const setCookies = response.headers.getSetCookie();
    const flat: string[] = [];
    let requestIdAt = -1;
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie' || name === 'content-length' || name === 'transfer-encoding') continue;
      if (name === 'x-request-id') requestIdAt = flat.length + 1;
      flat.push(intern(name), intern(value));
    }
    if (response.status !== 304) flat.push('content-length', intern(String(body.length)));
    const entry: Entry = { status: response.status, headers: flat, requestIdAt, etag: response.headers.get('etag'), body };
    const keep = (response.status === 200 || response.status === 304) && setCookies.length === 0 && options.version() === at;
    if (keep && version === at) {
      // Many distinct URLs (searches): start over rather than track which to drop.
      if (bytes + body.length > maxBytes) empty();
      entries.set(key, entry);
      bytes += body.length;
    }
    const headers = flat.slice();
    for (const cookie of setCookies) headers.push('set-cookie', cookie);
    res.writeHead(response.status, headers);
    res.end(response.status === 304 ? undefined : body);
  };

  /**
   * Wraps @hono/node-server's request listener: cacheable GETs are answered here, the rest (and
   * any GET the cache cannot answer safely) by `next`.
   */
  return function wrap(next: (req: IncomingMessage, res: ServerResponse) => unknown) {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (req.method !== 'GET') return next(req, res);
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      if (!options.cacheable(path)) return next(req, res);
      const started = performance.now();
      const now = options.version();
      if (now !== version) {
        empty();
        version = now;
      }
      const key = `${url}\n${req.headers['accept-encoding'] ?? ''}`;
      const entry = entries.get(key);
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch !== undefined) {
        if (!entry?.etag || ifNoneMatch.includes(',') || ifNoneMatch.trim() === '*') return next(req, res);
        if (ifNoneMatch.trim() === entry.etag) {
          const notModified = entries.get(`${key}\n304`);
          if (notModified) return send(req, res, notModified, path, started);
          return fill(req, res, `${key}\n304`, now).catch((e: unknown) => res.destroy(e as Error));
        }
      }
      if (entry) return send(req, res, entry, path, started);
      return fill(req, res, key, now).catch((e: unknown) => res.destroy(e as Error));
    };
  };
}
