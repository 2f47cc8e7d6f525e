/**
 * The one HTTP client of the web app (docs/player-app.md#server-calls, #constants, docs/api-shapes.md#conventions). The same client runs in the
 * browser (window.fetch, 30 s timeout) and during server-side rendering (the api reached
 * in-process through the load context, 8 s timeout). Network failures are retried up to 6 times
 * with exponential backoff from 100 ms plus up to 20 % jitter; HTTP error statuses are never
 * retried, nor are certificate and host-resolution failures.
 */

import {
  REQUEST_RETRIES as MAX_RETRIES,
  REQUEST_TIMEOUT_BROWSER_MS as BROWSER_TIMEOUT_MS,
  REQUEST_TIMEOUT_SERVER_MS as SERVER_TIMEOUT_MS,
  RETRY_BACKOFF_BASE_MS as BACKOFF_BASE_MS,
  RETRY_BACKOFF_JITTER as BACKOFF_JITTER,
} from '../config/constants';

export { BROWSER_TIMEOUT_MS, SERVER_TIMEOUT_MS };

export type FetchLike = (path: string, init?: RequestInit) => Promise<Response>;

/** A non-2xx answer. `body` is the parsed JSON (or raw text) the server sent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly path: string,
  ) {
    super(`Request failed with status code ${status}`);
    this.name = 'ApiError';
  }

  /** Stable error code from the server body, when there is one. */
  get code(): string | undefined {
    const b = this.body as { code?: unknown } | null;
    return b && typeof b.code === 'string' ? b.code : undefined;
  }

  /** Per-field messages (`{errors:{field:[msg]}}`), first message of each field (docs/api-shapes.md#error-bodies). */
  get fieldErrors(): Record<string, string> {
    const errors = (this.body as { errors?: unknown } | null)?.errors;
    const out: Record<string, string> = {};
    if (!errors || typeof errors !== 'object') return out;
    for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
      if (typeof value === 'string') out[field] = value;
      else if (Array.isArray(value) && typeof value[0] === 'string') out[field] = value[0];
      else if (value && typeof value === 'object') {
        const first = Object.values(value as Record<string, unknown>)[0];
        if (typeof first === 'string') out[field] = first;
      }
    }
    return out;
  }
}

/** The request could not complete (offline, timeout, aborted). */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** docs/player-app.md#errors-and-toasts: certificate and host-resolution failures are not retried; everything else is. */
const NON_RETRYABLE = [
  'host not found',
  'enotfound',
  'eai_again',
  'network unreachable',
  'enetunreach',
  'expired',
  'revoked',
  'untrusted',
  'self-signed',
  'self signed',
  'hostname mismatch',
  'err_cert',
  'err_name_not_resolved',
];

export function isRetryableNetworkError(error: unknown): boolean {
  const text =
    `${(error as Error)?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`.toLowerCase();
  return !NON_RETRYABLE.some((needle) => text.includes(needle));
}

/** Delay before retry `attempt` (1-based): 100 ms doubled per attempt, plus up to 20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = BACKOFF_BASE_MS * 2 ** (attempt - 1);
  return Math.round(base + base * BACKOFF_JITTER * random());
}

export interface ApiClientOptions {
  fetch: FetchLike;
  timeoutMs: number;
  /** Called on any 401 (docs/player-app.md#errors-and-toasts: reset stored auth and go to login). */
  onUnauthorized?: (path: string) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the global 401 handler (e.g. the sign-in form itself, or probing GET /api/player). */
  silent401?: boolean;
}

export function createApiClient(options: ApiClientOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  async function send(method: string, path: string, body: unknown, req: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json, text/plain, */*',
      'x-requested-with': 'XMLHttpRequest',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...req.headers,
    };
    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
      try {
        return await options.fetch(path, {
          method,
          headers,
          credentials: 'same-origin',
          signal,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
      } catch (error) {
        if (req.signal?.aborted) throw new NetworkError('Request aborted', false);
        const message = timeout.aborted ? `timeout of ${options.timeoutMs}ms exceeded` : 'Network Error';
        const retryable = timeout.aborted || isRetryableNetworkError(error);
        if (!retryable || attempt >= MAX_RETRIES) throw new NetworkError(message, retryable);
        await sleep(backoffDelay(attempt + 1, options.random));
      }
    }
  }

  async function request<T>(method: string, path: string, body?: unknown, req: RequestOptions = {}): Promise<T> {
    return (await requestWithHeaders<T>(method, path, body, req)).data;
  }

  // Some lists carry their total in a header (`x-total-count`, docs/api-shapes.md#played-games-and-history).
  async function requestWithHeaders<T>(
    method: string,
    path: string,
    body?: unknown,
    req: RequestOptions = {},
  ): Promise<{ data: T; headers: Headers }> {
    const res = await send(method, path, body, req);
    const text = res.status === 204 ? '' : await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!res.ok) {
      if (res.status === 401 && !req.silent401) options.onUnauthorized?.(path);
      throw new ApiError(res.status, data, path);
    }
    return { data: data as T, headers: res.headers };
  }

  return {
    get: <T>(path: string, req?: RequestOptions) => request<T>('GET', path, undefined, req),
    getWithHeaders: <T>(path: string, req?: RequestOptions) => requestWithHeaders<T>('GET', path, undefined, req),
    post: <T>(path: string, body: unknown = {}, req?: RequestOptions) => request<T>('POST', path, body, req),
    put: <T>(path: string, body: unknown = {}, req?: RequestOptions) => request<T>('PUT', path, body, req),
    patch: <T>(path: string, body: unknown = {}, req?: RequestOptions) => request<T>('PATCH', path, body, req),
    /** `body`: a few DELETE calls carry JSON (the two-factor removal, docs/api-shapes.md#two-factor-management). */
    delete: <T>(path: string, req?: RequestOptions, body?: unknown) => request<T>('DELETE', path, body, req),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
