import { WEAK_PASSWORD_CODE } from '@crewdesk/domain';
import { errorMessage, isApiError } from './api-client';

/** A 429 from the sign-in limiter: how long to wait, from its Retry-After header. */
export function tooManyAttemptsMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const seconds = error.retryAfterSeconds;
  if (seconds === null) return 'Too many attempts. Please wait a moment and try again.';
  return `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/** What to show for a failed sign-in, password or code call. */
export function authErrorMessage(error: unknown, fallback: string): string {
  return tooManyAttemptsMessage(error) ?? errorMessage(error, fallback);
}

/** Spec section 5: a weak password error carries a list of reasons; null for any other error. */
export function weakPasswordReasons(error: unknown): readonly string[] | null {
  if (!isApiError(error) || error.code !== WEAK_PASSWORD_CODE) return null;
  return error.reasons.length > 0 ? error.reasons : error.message ? [error.message] : null;
}
