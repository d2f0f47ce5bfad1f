import { useQueryClient } from '@tanstack/react-query';
import { hasBusinessManagerRights, JOBS_ROUTE_ROLES } from '@crewdesk/domain';
import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { meQueryKey } from '@/lib/session/get-me';
import type { Session } from '@/lib/session/types';

/**
 * The app opened with no connection, on the copy of the session kept on this device (decision
 * 053): the shell, a banner saying so, the visits kept on the phone for those who work them, and
 * an honest "not available offline" everywhere else. Back online, the real session replaces it.
 */
export function OpenedOfflineBanner() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reconnect = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });
    window.addEventListener('online', reconnect);
    return () => window.removeEventListener('online', reconnect);
  }, [queryClient]);
  return (
    <p
      role="status"
      className="flex items-center gap-2 border-b border-warning/40 bg-warning/10 px-4 py-2 text-sm"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      You are offline. What needs the server opens again when the connection is back.
    </p>
  );
}

/**
 * In place of a screen that needs the server. The crew's home opens their visits, the one thing
 * they came for that works offline; the office keeps its shell, one tap from the visits.
 */
export function NotAvailableOffline({ session }: { session: Session }) {
  const { pathname } = useLocation();
  const worksVisits = JOBS_ROUTE_ROLES.includes(session.role);
  const crew = worksVisits && !hasBusinessManagerRights(session.role);
  if (crew && pathname === '/') return <Navigate to="/visits" replace />;
  return (
    <EmptyState
      icon={WifiOff}
      title="Not available offline"
      actions={
        worksVisits ? (
          <Button asChild>
            <Link to="/visits">Open my visits</Link>
          </Button>
        ) : null
      }
    >
      This screen needs a connection to the server. It opens when you are back online
      {worksVisits ? '; your visits of today and tomorrow work without one.' : '.'}
    </EmptyState>
  );
}
