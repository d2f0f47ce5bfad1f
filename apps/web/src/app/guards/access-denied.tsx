import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCESS_DENIED } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { AlertScreen } from '../errors/alert-screen';

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
    <AlertScreen icon={ShieldAlert} title={ACCESS_DENIED.title} message={ACCESS_DENIED.description}>
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
    </AlertScreen>
  );
}
