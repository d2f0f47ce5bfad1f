import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
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
 * Spec section 4, active account: the stored selectedAccountId wins while it
 * still exists. A new session starts on the server's pick (an owned account),
 * so when this browser had chosen another one, switch the session to it first;
 * otherwise remember the server's pick.
 */
function useSyncActiveAccount(me: MeResponse | null | undefined): void {
  const queryClient = useQueryClient();
  const attempted = useRef(false);
  useEffect(() => {
    if (!me) return;
    const stored = readStorage(STORAGE_KEYS.selectedAccountId);
    const preferred = stored ? me.accounts.find((a) => a.account_id === stored) : undefined;
    if (!preferred || preferred.account_id === me.activeAccountId || attempted.current) {
      rememberSession(me);
      return;
    }
    attempted.current = true;
    switchActiveAccount(preferred.account_id)
      .then(() => queryClient.invalidateQueries({ queryKey: meQueryKey }))
      // The session keeps the server's pick; the account switcher still works.
      .catch(() => rememberSession(me));
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

  useSyncActiveAccount(data);

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
