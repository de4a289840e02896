/**
 * Every error code the API can answer with, and its HTTP status: the one table (STYLE.md).
 * Codes are `<area>/<what>`; modules return them inside Result values.
 */
export const httpStatusByCode = {
  'http/not-found': 404,
  'http/bad-json': 400,
  'http/unsupported-media-type': 415,
  'http/validation': 400,
  'http/payload-too-large': 413,
  'http/internal': 500,
  'http/unavailable': 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof httpStatusByCode;

export type AppError = {
  code: ErrorCode;
  message: string;
  issues?: ReadonlyArray<{ path: string; message: string }>;
};

export const appError = (code: ErrorCode, message: string, issues?: AppError['issues']): AppError =>
  issues ? { code, message, issues } : { code, message };

export const statusOf = (code: ErrorCode): number => httpStatusByCode[code];

/** The body of every error response: `{ "error": { "code", "message", "issues"? } }`. */
export const errorBody = (error: AppError, extra?: { requestId?: string }) => ({ error: { ...error, ...extra } });
