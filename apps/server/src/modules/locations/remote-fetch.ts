import { AppError } from '../../lib/app-error.ts';

const TIMEOUT_MS = 8000;

/** The answer the client shows nothing of (it only logs it); the log gets the cause. */
export function providerError(provider: string, cause: string): AppError {
  return new AppError(
    'BAD_GATEWAY',
    `The location service (${provider}) could not answer: ${cause}.`,
  );
}

/**
 * GETs JSON from a place provider. Unreachable, slow (over 8 s), non-2xx or non-JSON answers
 * become a 502 naming the provider; a 404 is handed back as null (an unknown place id).
 */
export async function getJson(
  provider: string,
  url: URL,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw providerError(provider, timedOut ? 'it did not answer in time' : 'it is unreachable');
  }
  if (response.status === 404) return null;
  if (!response.ok) throw providerError(provider, `it answered HTTP ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw providerError(provider, 'its answer is not JSON');
  }
}
