import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { canAccessRoute } from '@crewdesk/domain';
import { meQueryOptions } from '@/lib/session/get-me';
import { isVerifiedUser, type MeResponse } from '@/lib/session/types';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { prefetchPageData, routeMatches } from './lazy-page';

/**
 * Whether the screen will show what its prefetch asks for: a verified user with an account,
 * allowed on the screen, and not about to switch to the account this browser chose before (the
 * auth gate switches first; the data would be the other account's).
 */
function willShowScreen(me: MeResponse, pathname: string): boolean {
  if (!isVerifiedUser(me.user) || me.onboarding.required || !me.activeAccountId) return false;
  const stored = readStorage(STORAGE_KEYS.selectedAccountId);
  const switching =
    stored !== null &&
    stored !== me.activeAccountId &&
    me.accounts.some((a) => a.account_id === stored);
  return !switching && canAccessRoute(me.role, me.activeAccountId, pathname) === 'allowed';
}

/**
 * Once per page load, the moment the session arrives (not when React next renders, which may
 * wait behind the code being evaluated): the first screen's data request starts then, beside its
 * code, instead of after the code has arrived and rendered (issue 17, item 8).
 */
export function useFirstScreenData(routes: RouteObject[]): void {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The session request the auth gate makes (or has made): one request either way.
    void queryClient
      .fetchQuery(meQueryOptions())
      .then((me) => {
        if (!me || !willShowScreen(me, pathname)) return;
        const context = { queryClient, me, search: new URLSearchParams(search) };
        for (const match of routeMatches(routes, pathname)) {
          prefetchPageData(match.route.element, context);
        }
      })
      .catch(() => undefined);
  }, [pathname, search, queryClient, routes]);
}
