import { errorMessage } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** What a page shows when its data did not load: what failed, why, and a way to ask again. */
export function LoadErrorAlert({
  title,
  error,
  onRetry,
  fallback = 'Something went wrong. Try again in a moment.',
}: {
  /** 'Could not load the invoices' */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** Said when the server sent no message. */
  fallback?: string;
}) {
  return (
    <Alert tone="error">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">
        {errorMessage(error, fallback)}{' '}
        <Button variant="link" className="h-auto p-0" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </Alert>
  );
}
