import type { MiddlewareHandler } from 'hono';
import { appError, errorBody, statusOf } from '../../shared/errors.js';

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Rejects a malformed JSON body with a 400 before any route sees it. The parsed body is
 * cached by Hono, so routes reading c.req.json() later get it without a second parse.
 */
export const rejectMalformedJson: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (bodyMethods.has(c.req.method) && /^application\/(.+\+)?json\b/i.test(type)) {
    const text = await c.req.text();
    if (text.trim() !== '') {
      try {
        await c.req.json();
      } catch {
        const e = appError('http/bad-json', 'The request body is not valid JSON.');
        return c.json(errorBody(e), statusOf(e.code) as 400);
      }
    }
  }
  await next();
};
