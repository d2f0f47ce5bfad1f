import { Alert } from '@/components/ui/alert';
import { authErrorMessage, weakPasswordReasons } from '@/lib/auth-errors';

interface AuthErrorAlertProps {
  /** A mutation: only whether it failed and why are read. */
  request: { isError: boolean; error: unknown };
  /** Shown when the server sent no message. */
  fallback: string;
  className?: string;
}

/**
 * A failed sign-in, sign-up or password call: the server's message, the wait
 * after too many attempts, or every reason a new password was refused; nothing while it has not
 * failed.
 */
export function AuthErrorAlert({ request, fallback, className }: AuthErrorAlertProps) {
  if (!request.isError) return null;
  const { error } = request;
  const reasons = weakPasswordReasons(error);
  if (reasons) {
    return (
      <Alert tone="error" className={className}>
        <p className="font-medium">This password cannot be used:</p>
        <ul aria-label="Why the password was refused" className="mt-1 list-disc space-y-1 pl-5">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  return (
    <Alert tone="error" className={className}>
      {authErrorMessage(error, fallback)}
    </Alert>
  );
}
