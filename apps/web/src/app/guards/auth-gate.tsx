import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { resolveActiveAccount } from '@crewdesk/domain';
import { PageLoading } from '@/components/ui/page-loading';
import { authPathWithReturn } from '@/lib/return-path';
import { meQueryKey, useMe } from '@/lib/session/get-me';
import { SessionProvider } from '@/lib/session/session-context';
import { rememberSession } from '@/lib/session/session-storage';
import { wasSignedOut } from '@/lib/session/sign-out-state';
import { switchActiveAccount } from '@/lib/session/active-account';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { toSession, type MeResponse } from '@/lib/session/types';

/**
 * Spec section 4, business context: when the server has no active account yet,
 * pick the stored one if it still exists, else an owned one, else the first.
 */
function useActiveAccountResolution(me: MeResponse | null | undefined): void {
  const queryClient = useQueryClient();
  const attempted = useRef(false);
  useEffect(() => {
    if (!me || me.activeAccountId !== null || me.accounts.length === 0 || attempted.current) return;
    const account = resolveActiveAccount(me.accounts, readStorage(STORAGE_KEYS.selectedAccountId));
    if (!account) return;
    attempted.current = true;
    switchActiveAccount(account.account_id)
      .then(() => queryClient.invalidateQueries({ queryKey: meQueryKey }))
      .catch(() => {
        // The user keeps the fallback role; the account switcher still works.
      });
  }, [me, queryClient]);
}

/**
 * Spec section 4, auth gate: without a session (or when loading it fails) go
 * to /auth, keeping the return path; after a sign-out event, just to /auth.
 */
export function AuthGate() {
  const me = useMe();
  const location = useLocation();
  const data = me.data;

  useEffect(() => {
    if (data) rememberSession(data);
  }, [data]);
  useActiveAccountResolution(data);

  const session = useMemo(() => (data ? toSession(data) : null), [data]);

  if (session) {
    return (
      <SessionProvider session={session}>
        <Outlet />
      </SessionProvider>
    );
  }
  if (me.isPending) return <PageLoading className="min-h-dvh" />;
  // After a sign-out the page left behind is not a place to come back to.
  const target = wasSignedOut()
    ? '/auth'
    : authPathWithReturn(`${location.pathname}${location.search}`);
  return <Navigate to={target} replace />;
}
