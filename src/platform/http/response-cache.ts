import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parseAccept } from 'hono/utils/accept';
import { createBoundedMap, textBytes } from '../bounded-map.js';

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
 *
 * Bounded (decision 013): an answer is kept under a normalised key, the encoding the app will
 * send (gzip, deflate or none, chosen from Accept-Encoding exactly as hono's compress() chooses)
 * and the query parameters the route understands, sorted by name. A request with any other
 * parameter, or one twice, goes to the app uncached, so made-up URLs and headers cannot make new
 * entries. The entries (key, headers and body counted) live in a bounded map, least recently used
 * out first.
 */
export type ResponseCacheOptions = {
  /** The app: Hono's fetch, called with Node bindings like @hono/node-server does. */
  fetch: (request: Request, env: { incoming: IncomingMessage; outgoing: ServerResponse }) => Response | Promise<Response>;
  /**
   * The query parameters a GET of this path understands (its answer depends on no other), or
   * null when its answers are never kept.
   */
  cacheableQuery: (path: string) => readonly string[] | null;
  /**
   * The key of a path whose answer depends on more than its understood query (the pages of issue
   * 21: their language, without PUBLIC_URL their origin; decision 042), in place of the path and
   * query; null: answered by the app and not kept; undefined: not such a path (cacheableQuery
   * decides). Its keys must come from a bounded set.
   */
  keyOf?: (path: string, search: string, headers: IncomingHttpHeaders) => string | null | undefined;
  /** Changes whenever any kept answer may change; a new version empties the cache. */
  version: () => string;
  /**
   * The allowed CORS origin of a request, or '' (none, or one not allowed, whose answer is the
   * plain one): answers to an allowed origin differ (decision 040), so it is part of the key. Only
   * configured origins come back, so the keys stay bounded whatever Origin headers arrive.
   */
  corsOrigin?: (origin: string | undefined) => string;
  /** The request log line of an answer served from the cache (the app logs the others). */
  log: (fields: { reqId: string; method: string; path: string; status: number; ms: number }) => void;
  /** Caps of the kept answers: bytes of keys, headers and bodies together, and entries. */
  maxBytes?: number;
  maxEntries?: number;
};

/** The encodings hono's compress() may apply, in its order of preference. */
const compressEncodings = ['gzip', 'deflate'] as const;

/**
 * The encoding the app will answer with for this Accept-Encoding: the same choice as hono's
 * compress() (an explicit q=1 wins at once, else the highest q above 0, `*` standing in for an
 * encoding not named), so every header value that leads to one answer shares one key.
 */
export function chosenEncoding(header: string | undefined): 'gzip' | 'deflate' | 'identity' {
  if (header === undefined) return 'identity';
  const accepts = parseAccept(header);
  const wildcardQ = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: 'gzip' | 'deflate'; q: number } | undefined;
  for (const encoding of compressEncodings) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcardQ ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? 'identity';
}

/**
 * The query part of the key: the raw `name=value` parts, sorted by name, when every name is one
 * the route understands and none is repeated; null otherwise (such a request is not kept). Raw
 * text, not decoded values, so two different queries never share a key.
 */
function normalisedQuery(search: string, understood: readonly string[]): string | null {
  if (search === '') return '';
  const parts: Array<[string, string]> = [];
  for (const part of search.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    if (!understood.includes(name) || parts.some(([n]) => n === name)) return null;
    parts.push([name, part]);
  }
  return parts
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, part]) => part)
    .join('&');
}

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
  // 16 MB as counted below is ~25 MB of heap and buffers in practice; 10,000 entries hold every
  // product page of a 5,000-product shop in one encoding (the bench's d), with room for searches.
  const entries = createBoundedMap<Entry>({ maxEntries: options.maxEntries ?? 10_000, maxBytes: options.maxBytes ?? 16 * 1024 * 1024 });
  let version = '';
  // Header names and short values repeat across entries (security headers, one ETag per
  // version): one copy of each string instead of one per kept answer (~10 MB for 5,000 products).
  // Bounded too: once full, further strings are simply not shared. Entries count their header
  // bytes as if unshared, so sharing only ever lowers memory below what the caps allow.
  const strings = createBoundedMap<string>({ maxEntries: 2_000, maxBytes: 512 * 1024 });
  const intern = (text: string) => {
    if (text.length > 256) return text;
    const known = strings.get(text);
    if (known !== undefined) return known;
    strings.set(text, text, textBytes(text));
    return text;
  };
  const empty = () => {
    entries.clear();
    strings.clear();
  };
  const costOf = (key: string, entry: Entry) => {
    // ~400 bytes of objects around every kept answer (the entry, its header array, the Buffer and
    // its backing store), measured with the abuse rounds' unique-search flood.
    let bytes = textBytes(key) + entry.body.length + 400;
    for (const text of entry.headers) bytes += textBytes(text) + 16;
    return bytes;
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
  const fill = async (req: IncomingMessage, res: ServerResponse, key: string, at: string, next: (req: IncomingMessage, res: ServerResponse) => unknown) => {
    let request: Request;
    try {
      request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: 'GET', headers: toHeaders(req.headers) });
    } catch {
      // No URL can be made of this Host (a stranger's "a b" or "x:y:z"): not the cache's to answer; the
      // server's own listener says 400 rather than the socket being dropped.
      return next(req, res);
    }
    const response = await options.fetch(request, { incoming: req, outgoing: res });
    const body = Buffer.from(await response.arrayBuffer());
    const setCookies = response.headers.getSetCookie();
    const flat: string[] = [];
    let requestIdAt = -1;
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie' || name === 'content-length' || name === 'transfer-encoding') continue;
      if (name === 'x-request-id') {
        // Replaced on every answer: its first value is not worth sharing.
        requestIdAt = flat.length + 1;
        flat.push(intern(name), value);
        continue;
      }
      flat.push(intern(name), intern(value));
    }
    if (response.status !== 304) flat.push('content-length', intern(String(body.length)));
    const entry: Entry = { status: response.status, headers: flat, requestIdAt, etag: response.headers.get('etag'), body };
    const keep = (response.status === 200 || response.status === 304) && setCookies.length === 0 && options.version() === at;
    if (keep && version === at) entries.set(key, entry, costOf(key, entry));
    const headers = flat.slice();
    for (const cookie of setCookies) headers.push('set-cookie', cookie);
    res.writeHead(response.status, headers);
    res.end(response.status === 304 ? undefined : body);
  };

  /**
   * Wraps @hono/node-server's request listener: cacheable GETs are answered here, the rest (and
   * any GET the cache cannot answer safely) by `next`.
   */
  function wrap(next: (req: IncomingMessage, res: ServerResponse) => unknown) {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (req.method !== 'GET') return next(req, res);
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      const search = q === -1 ? '' : url.slice(q + 1);
      let place = options.keyOf?.(path, search, req.headers);
      if (place === null) return next(req, res);
      if (place === undefined) {
        const understood = options.cacheableQuery(path);
        if (understood === null) return next(req, res);
        const query = normalisedQuery(search, understood);
        if (query === null) return next(req, res);
        place = `${path}?${query}`;
      }
      const started = performance.now();
      const now = options.version();
      if (now !== version) {
        empty();
        version = now;
      }
      const origin = options.corsOrigin?.(req.headers.origin) ?? '';
      const key = `${place}\n${chosenEncoding(req.headers['accept-encoding'])}${origin ? `\n${origin}` : ''}`;
      const entry = entries.get(key);
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch !== undefined) {
        if (!entry?.etag || ifNoneMatch.includes(',') || ifNoneMatch.trim() === '*') return next(req, res);
        if (ifNoneMatch.trim() === entry.etag) {
          const notModified = entries.get(`${key}\n304`);
          if (notModified) return send(req, res, notModified, path, started);
          return fill(req, res, `${key}\n304`, now, next).catch((e: unknown) => res.destroy(e as Error));
        }
      }
      if (entry) return send(req, res, entry, path, started);
      return fill(req, res, key, now, next).catch((e: unknown) => res.destroy(e as Error));
    };
  }
  /** Sizes against caps, for tests and the flood checks. */
  const stats = () => ({ entries: entries.stats(), strings: strings.stats() });
  return Object.assign(wrap, { stats });
}
