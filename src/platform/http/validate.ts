import type { Context } from 'hono';
import type { z } from 'zod';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { readJsonBody } from './json-body.js';

/**
 * Reads a JSON body and checks it against a zod schema written for the API. Fields the schema
 * does not name are dropped by zod objects (never stored); every issue is reported with its path.
 */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<Result<z.infer<S>, AppError>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    return err(appError('http/unsupported-media-type', 'Send the body as JSON (Content-Type: application/json).'));
  }
  const body = await readJsonBody(c);
  if (!body.ok) return err(appError('http/bad-json', 'The request body is not valid JSON.'));
  return checkInput(schema, body.value);
}

export function checkInput<S extends z.ZodType>(schema: S, input: unknown): Result<z.infer<S>, AppError> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = issues[0];
  const message = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'The request is not valid.';
  return err(appError('http/validation', message, issues));
}
