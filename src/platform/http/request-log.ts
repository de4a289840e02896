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

/** The line itself, also written by the response cache for the answers it gives without the app. */
export function logRequest(logger: Logger, fields: RequestLogFields) {
  if (fields.status >= 500) logger.error('request', fields);
  else logger.info('request', fields);
}
