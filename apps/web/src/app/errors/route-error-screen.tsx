import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** The router's error boundary: "Try Again" renders the same screen afresh. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    console.error('Unexpected error', error);
  }, [error]);

  return (
    <ErrorScreen
      onRetry={() =>
        void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })
      }
    />
  );
}
