interface ApiErrorDetails {
  /** From the Retry-After header (a 429): seconds to wait before trying again. */
  retryAfterSeconds?: number | null;
  /** The answer's `reasons` (a weak password lists why it is refused). */
  reasons?: readonly string[];
}

/** An error answer from the API: `{ code, message }` with its HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryAfterSeconds: number | null;
  readonly reasons: readonly string[];

  constructor(status: number, code: string, message: string, details: ApiErrorDetails = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    this.reasons = details.reasons ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What to show for a failed call: the server's message when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof TypeError)
    return 'Could not reach the server. Check your connection and try again.';
  return fallback;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as the raw body with its own type (an image upload), instead of JSON. */
  file?: Blob;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key, say). */
  headers?: Record<string, string>;
}

/** Retry-After is either whole seconds or an HTTP date; anything else is ignored. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function readError(response: Response, payload: unknown): ApiError {
  const { status } = response;
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  if (payload && typeof payload === 'object') {
    const { code, message, reasons } = payload as {
      code?: unknown;
      message?: unknown;
      reasons?: unknown;
    };
    return new ApiError(
      status,
      typeof code === 'string' ? code : `HTTP_${status}`,
      typeof message === 'string' ? message : '',
      {
        retryAfterSeconds,
        reasons: Array.isArray(reasons)
          ? reasons.filter((reason): reason is string => typeof reason === 'string')
          : [],
      },
    );
  }
  return new ApiError(status, `HTTP_${status}`, '', { retryAfterSeconds });
}

/** The ApiError of a failed answer read by hand (a stream's request, say). */
export async function errorOfResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  return readError(response, payload);
}

/**
 * Calls the API on the same origin. Sessions live in an HTTP-only cookie, so
 * every request carries credentials and nothing here touches a token.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, file, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
    credentials: 'include',
    signal,
  });

  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (!response.ok) throw readError(response, payload);
  return payload as T;
}
