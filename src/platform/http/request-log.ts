import type { MiddlewareHandler } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import type { Logger } from '../logger.js';

/**
 * One structured line per request. Only method, path, status, duration and the request id
 * are logged: never headers (so never Authorization) and never query strings (they may
 * hold emails or tokens).
 */
export const requestLog =
  (logger: Logger): MiddlewareHandler<{ Variables: RequestIdVariables }> =>
  async (c, next) => {
    const started = performance.now();
    await next();
    logRequest(logger, {
      reqId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };

export type RequestLogFields = { reqId: string; method: string; path: string; status: number; ms: number };

/** The line itself. */
function logRequest(logger: Logger, fields: RequestLogFields) {
  if (fields.status >= 500) logger.error('request', fields);
  else logger.info('request', fields);
}

/**
 * The log of answers given by the response cache (public catalogue reads and the page, always 200
 * or 304): one `request` line each at debug level, and at info one `cached answers` line a minute
 * with their count by path, so the info log keeps every request the app handled and the volume of
 * the rest without a line (and a write) per product view.
 */
export function cachedAnswerLog(logger: Logger, everyMs = 60_000) {
  let counts = new Map<string, number>();
  let since = Date.now();
  const summarize = () => {
    if (counts.size === 0) return;
    const byPath = Object.fromEntries(counts);
    const total = [...counts.values()].reduce((n, c) => n + c, 0);
    logger.info('cached answers', { total, seconds: Math.round((Date.now() - since) / 1000), byPath });
    counts = new Map();
    since = Date.now();
  };
  const timer = setInterval(summarize, everyMs);
  timer.unref();
  return {
    log(fields: RequestLogFields) {
      logger.debug('request', fields);
      // Product ids and category names are counted under one key each: the summary stays one short line.
      const key = fields.path.startsWith('/api/products/')
        ? '/api/products/:id'
        : fields.path.startsWith('/product/')
          ? '/product/:id'
          : fields.path.startsWith('/category/')
            ? '/category/:name'
            : fields.path;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    /** Writes the pending summary (at shutdown). */
    flush: summarize,
  };
}
