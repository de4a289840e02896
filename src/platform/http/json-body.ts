import type { Context, MiddlewareHandler } from 'hono';
import { appError, errorBody, statusOf } from '../../shared/errors.js';

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type ParsedBody = { ok: true; value: unknown } | { ok: false };
const parsedBodies = new WeakMap<Request, Promise<ParsedBody>>();

/**
 * The request body parsed as JSON, once per request: the check below and the route's contract
 * (checkRequest) share it. (Hono's c.req.json() after c.req.text() would build a Response from the
 * cached text to parse it again.)
 */
export function readJsonBody(c: Context): Promise<ParsedBody> {
  let parsed = parsedBodies.get(c.req.raw);
  if (!parsed) {
    parsed = c.req.text().then((text): ParsedBody => {
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false };
      }
    });
    parsedBodies.set(c.req.raw, parsed);
  }
  return parsed;
}

/** Rejects a malformed JSON body with a 400 before any route sees it (an empty body is the route's to judge). */
export const rejectMalformedJson: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (bodyMethods.has(c.req.method) && /^application\/(.+\+)?json\b/i.test(type)) {
    const text = await c.req.text();
    if (text.trim() !== '' && !(await readJsonBody(c)).ok) {
      const e = appError('http/bad-json', 'The request body is not valid JSON.');
      return c.json(errorBody(e), statusOf(e.code) as 400);
    }
  }
  await next();
};
