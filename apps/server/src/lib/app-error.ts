/** The error codes the API answers with, and the HTTP status each one maps to. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The record exists but can no longer be used (an expired estimate). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Throw this from services and routes; the error handler turns it into `{ code, message }`. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found.`);

/** What a lookup found, or the 404 that a missing record (or another account's) answers. */
export function orNotFound<T>(found: T | null | undefined, what: string): T {
  if (!found) throw notFound(what);
  return found;
}
export const forbidden = () =>
  new AppError('FORBIDDEN', 'You do not have the required permissions to view this page.');
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
