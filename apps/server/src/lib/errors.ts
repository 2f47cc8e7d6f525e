/**
 * A failure the client may see. `code` is stable and machine-readable (the web maps it to a
 * translated text); `errors` carries per-field messages in the SoftSwiss `{errors:{field:[msg]}}`
 * shape (docs/api-shapes.md#error-bodies).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The body every failed call answers with (http/errors.ts sends it; kept answers store it). */
export function errorBody(error: AppError): {
  code: string;
  error: string;
  errors?: Record<string, string[]>;
  [key: string]: unknown;
} {
  const body: { code: string; error: string; errors?: Record<string, string[]>; [key: string]: unknown } = {
    code: error.code,
    error: error.message,
  };
  if (error.errors) body.errors = error.errors;
  if (error.extra) Object.assign(body, error.extra);
  return body;
}

export const badRequest = (code: string, message: string, errors?: Record<string, string[]>) =>
  new AppError(400, code, message, errors);
export const unauthorized = (code = 'unauthorized', message = 'You need to sign in or sign up before continuing.') =>
  new AppError(401, code, message);
export const forbidden = (code = 'forbidden', message = 'Forbidden') => new AppError(403, code, message);
export const notFound = (code = 'not_found', message = 'Not found') => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const unprocessable = (code: string, message: string, errors?: Record<string, string[]>) =>
  new AppError(422, code, message, errors);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new AppError(429, 'too_many_requests', message, undefined, { retryAfterSeconds });
