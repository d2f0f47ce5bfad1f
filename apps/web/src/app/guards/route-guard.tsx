import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { canAccessRoute } from '@crewdesk/domain';
import { useSession } from '@/lib/session/session-context';
import { NotFoundContent } from '../errors/not-found-page';
import { AccessDenied } from './access-denied';

/**
 * Mirrors the domain's route-access table for the active account's role; the
 * server checks the same table on every call, so this only spares a dead end.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { role, activeAccountId } = useSession();
  const { pathname } = useLocation();
  const access = canAccessRoute(role, activeAccountId, pathname);

  if (access === 'denied') return <AccessDenied redirectTo={pathname === '/' ? null : '/'} />;
  if (access === 'not-found') return <NotFoundContent />;
  return children;
}
