import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCESS_DENIED } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';

/** Long enough to read the message before being sent home. */
export const ACCESS_DENIED_REDIRECT_MS = 2000;

interface AccessDeniedProps {
  /** Where to send the user afterwards; null stays (the home page itself was denied). */
  redirectTo?: string | null;
}

/** Spec section 6: a user without access sees Access Denied and is sent to /. */
export function AccessDenied({ redirectTo = '/' }: AccessDeniedProps) {
  const navigate = useNavigate();

  useEffect(() => {
    if (redirectTo === null) return;
    const timer = window.setTimeout(
      () => void navigate(redirectTo, { replace: true }),
      ACCESS_DENIED_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, redirectTo]);

  return (
    <div role="alert" className="flex min-h-[50vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg border bg-background p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-xl font-semibold">{ACCESS_DENIED.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{ACCESS_DENIED.description}</p>
        {redirectTo !== null ? (
          <>
            <p className="mt-4 text-xs text-muted-foreground">Taking you to the home page…</p>
            <Button asChild className="mt-4">
              <Link to={redirectTo} replace>
                Go to Home
              </Link>
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
