import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorBody, statusOf, type AppError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';

/** An expected failure as HTTP: the status from the one table, the body in the one format. */
export const sendError = (c: Context, e: AppError) => c.json(errorBody(e), statusOf(e.code) as ContentfulStatusCode);

/** Maps a use case's Result: the value as JSON with the given status, or its error. */
export const sendResult = <T>(c: Context, result: Result<T, AppError>, status: ContentfulStatusCode = 200) =>
  result.ok ? c.json(result.value as object, status) : sendError(c, result.error);
