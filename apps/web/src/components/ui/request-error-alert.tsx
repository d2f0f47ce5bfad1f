import { errorMessage } from '@/lib/api-client';
import { Alert } from './alert';

/**
 * Above a form: why its last request failed (the server's message, or `fallback` when it sent
 * none); nothing while it has not failed.
 */
export function RequestErrorAlert({
  request,
  fallback,
}: {
  /** A mutation or query: only whether it failed and why are read. */
  request: { isError: boolean; error: unknown };
  fallback: string;
}) {
  if (!request.isError) return null;
  return <Alert tone="error">{errorMessage(request.error, fallback)}</Alert>;
}
