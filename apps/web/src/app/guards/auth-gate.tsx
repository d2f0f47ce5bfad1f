import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import {
  ACCOUNTS_LOAD_FAILED,
  ACCOUNTS_LOAD_FAILED_FALLBACK,
  NO_BUSINESS_ACCOUNTS,
  USER_NOT_AUTHENTICATED,
} from '@crewdesk/domain';
import { Building2 } from 'lucide-react';
import { apiRequest } from '@/lib/api-client';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { authPathWithReturn } from '@/lib/return-path';
import { meQueryKey, useMe } from '@/lib/session/get-me';
import { SessionProvider } from '@/lib/session/session-context';
import { rememberSession } from '@/lib/session/session-storage';
import {
  markSignedOutUnverified,
  wasSignedOut,
  wasSignedOutUnverified,
} from '@/lib/session/sign-out-state';
import { forgetLocalSession } from '@/lib/session/forget-local-session';
import { UserRoleProvider } from '@/lib/session/user-role';
import { switchActiveAccount } from '@/lib/session/active-account';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { isVerifiedUser, toSession, type MeResponse } from '@/lib/session/types';

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

/** Where an unconfirmed user is sent: /auth with the needs-verification flag. */
export const NEEDS_VERIFICATION_PATH = '/auth?needsVerification=true';

/** Spec section 4: an unverified e-mail is signed out and sent to /auth with the flag. */
function SignOutUnverified() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    markSignedOutUnverified();
    apiRequest('/auth/sign-out', { method: 'POST', body: {} })
      .catch(() => undefined)
      .finally(async () => {
        if (cancelled) return;
        // Navigate first: forgetting the session re-renders the gate, whose own redirect to
        // /auth (without the flag) would otherwise race this one and, on a busy machine, win.
        await navigate(NEEDS_VERIFICATION_PATH, { replace: true });
        forgetLocalSession(queryClient);
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return <PageLoading className="min-h-dvh" />;
}

/** Spec section 8, loading accounts fails: the error is shown and the app goes on as a member. */
function AccountsLoadFailed({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="border-b border-destructive/30 bg-destructive/10 px-4 py-2 text-sm"
    >
      <strong className="font-medium">{ACCOUNTS_LOAD_FAILED}:</strong> {message.replace(/\.$/, '')}.{' '}
      {ACCOUNTS_LOAD_FAILED_FALLBACK}
    </div>
  );
}

/** Spec section 8: onboarded, yet a member of no business account. */
function NoBusinessAccounts() {
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <EmptyState icon={Building2} title="No business account">
        {NO_BUSINESS_ACCOUNTS}
      </EmptyState>
    </main>
  );
}

/**
 * Spec section 4, auth gate: without a session (or when loading it fails) go
 * to /auth, keeping the return path; after a sign-out event, just to /auth.
 * A signed-in user with an unconfirmed address is signed out; one who has not
 * been through onboarding goes to /onboarding.
 */
export function AuthGate() {
  const me = useMe();
  const location = useLocation();
  // The screen drawn once the session arrives is the largest render of a page load: drawn from a
  // deferred copy, React renders it in slices between which the phone can answer a tap, while
  // Loading... stays.
  const data = useDeferredValue(me.data);

  useSyncActiveAccount(data && isVerifiedUser(data.user) ? data : null);

  const session = useMemo(() => (data ? toSession(data) : null), [data]);
  const userRole = useMemo(
    () => (session ? { role: session.role, accountId: session.activeAccountId } : null),
    [session],
  );

  if (session && userRole) {
    if (!isVerifiedUser(session.user)) return <SignOutUnverified />;
    if (session.onboarding.required) return <Navigate to="/onboarding" replace />;
    if (session.accounts.length === 0 && !session.accountsError) return <NoBusinessAccounts />;
    return (
      <SessionProvider session={session}>
        <UserRoleProvider value={userRole}>
          {session.accountsError ? <AccountsLoadFailed message={session.accountsError} /> : null}
          <Outlet />
        </UserRoleProvider>
      </SessionProvider>
    );
  }
  if (me.isPending || (me.data && !data)) return <PageLoading className="min-h-dvh" />;
  if (wasSignedOutUnverified()) return <Navigate to={NEEDS_VERIFICATION_PATH} replace />;
  // Spec section 8: a loading error that says 'User not authenticated' means signing in again.
  if (me.error?.message.includes(USER_NOT_AUTHENTICATED)) return <Navigate to="/auth" replace />;
  // After a sign-out the page left behind is not a place to come back to.
  const target = wasSignedOut()
    ? '/auth'
    : authPathWithReturn(`${location.pathname}${location.search}`);
  return <Navigate to={target} replace />;
}
