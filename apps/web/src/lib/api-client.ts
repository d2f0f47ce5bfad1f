/** An error answer from the API: `{ code, message }` with its HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
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
  signal?: AbortSignal;
}

function readError(status: number, payload: unknown): ApiError {
  if (payload && typeof payload === 'object') {
    const { code, message } = payload as { code?: unknown; message?: unknown };
    return new ApiError(
      status,
      typeof code === 'string' ? code : `HTTP_${status}`,
      typeof message === 'string' ? message : '',
    );
  }
  return new ApiError(status, `HTTP_${status}`, '');
}

/**
 * Calls the API on the same origin. Sessions live in an HTTP-only cookie, so
 * every request carries credentials and nothing here touches a token.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
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
  if (!response.ok) throw readError(response.status, payload);
  return payload as T;
}
