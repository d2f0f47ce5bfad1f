import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { meQueryKey } from '@/lib/session/get-me';
import { useSession } from '@/lib/session/session-context';
import { useUserRole } from '@/lib/session/user-role';
import { clearSignedOut, markSignedOut } from '@/lib/session/sign-out-state';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { AuthGate } from './auth-gate';

function Protected() {
  const { user, role } = useSession();
  return (
    <p>
      Protected for {user.email} as {role}
    </p>
  );
}

const gated = { element: <AuthGate />, children: [{ path: '/jobs', element: <Protected /> }] };
const auth = { path: '/auth', element: <p>Auth screen</p> };

function renderGate(path: string) {
  // The gate is a layout route; render it through the router like the app does.
  return renderRoute(<p>unused</p>, { path, routePath: '/unused', routes: [gated, auth] });
}

describe('AuthGate', () => {
  it('when there is no session, then the visitor goes to /auth keeping the return path', async () => {
    mockApi({ 'GET /api/auth/get-session': () => ({ status: 200, body: null }) });
    const { router } = renderGate('/jobs?view=week');
    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?redirect=%2Fjobs%3Fview%3Dweek');
  });

  it('when the stored session has expired, then /api/me answers 401 and the visitor goes to /auth', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{"userId":"old"}');
    mockApi({
      'GET /api/me': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    });
    expect(await renderGate('/jobs').findByText('Auth screen')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.authSession)).toBeNull();
  });

  it('when loading the accounts fails, then the error is shown and the user carries on as a member', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{"userId":"user-1"}');
    mockApi({
      'GET /api/me': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'The database did not answer.' },
      }),
      'GET /api/auth/get-session': () => ({
        status: 200,
        body: {
          session: {},
          user: { id: 'user-1', email: 'ada@example.com', name: 'Ada', emailVerified: true },
        },
      }),
    });
    const { router } = renderGate('/jobs');
    expect(await screen.findByText('Protected for ada@example.com as member')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your business accounts could not be loaded: The database did not answer.',
    );
    expect(router.state.location.pathname).toBe('/jobs');
  });

  it("when loading the accounts fails with 'User not authenticated', then the user signs in again", async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{"userId":"user-1"}');
    mockApi({
      'GET /api/me': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'User not authenticated' },
      }),
      'GET /api/auth/get-session': () => ({ status: 200, body: { session: {}, user: {} } }),
    });
    expect(await renderGate('/jobs').findByText('Auth screen')).toBeInTheDocument();
  });

  it('when signed in, then the screen renders with the session and the browser remembers the account', async () => {
    mockApi({
      'GET /api/auth/get-session': () => ({ status: 200, body: { session: {}, user: {} } }),
      'GET /api/me': () => ({ status: 200, body: makeMe({ role: 'team_member' }) }),
    });
    renderGate('/jobs');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(
      await screen.findByText('Protected for ada@example.com as team_member'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBe(
      makeMe().activeAccountId,
    );
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authSession) ?? '{}')).toEqual({
      userId: 'user-1',
      email: 'ada@example.com',
    });
  });

  it("when this browser had chosen another of the user's accounts, then the session switches to it", async () => {
    const other = {
      account_id: 'acc-2',
      account_name: 'Partner Co',
      account_slug: 'partner-co',
      role: 'team_leader',
    };
    const owned = makeMe().accounts[0]!;
    window.localStorage.setItem(STORAGE_KEYS.selectedAccountId, 'acc-2');
    let active = owned.account_id;
    const { calls } = mockApi({
      'GET /api/auth/get-session': () => ({ status: 200, body: { session: {}, user: {} } }),
      'GET /api/me': () => ({
        status: 200,
        body: makeMe({
          accounts: [owned, other],
          activeAccountId: active,
          role: active === 'acc-2' ? 'team_leader' : 'owner',
        }),
      }),
      'PUT /api/me/active-account': () => {
        active = 'acc-2';
        return { status: 200, body: { activeAccountId: 'acc-2' } };
      },
    });
    renderGate('/jobs');
    expect(
      await screen.findByText('Protected for ada@example.com as team_leader'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'PUT /api/me/active-account').map((c) => c.body)).toEqual([
      { accountId: 'acc-2' },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBe('acc-2');
  });

  it("when the stored account is no longer one of the user's, then the server's pick is kept and stored", async () => {
    window.localStorage.setItem(STORAGE_KEYS.selectedAccountId, 'gone-account');
    mockApi({
      'GET /api/auth/get-session': () => ({ status: 200, body: { session: {}, user: {} } }),
      'GET /api/me': () => ({ status: 200, body: makeMe() }),
    });
    renderGate('/jobs');
    expect(await screen.findByText(/Protected for/)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBe(
      makeMe().activeAccountId,
    );
  });

  it('when the user signs out (here or in another tab), then they go to /auth without a return path', async () => {
    mockApi({
      'GET /api/auth/get-session': () => ({ status: 200, body: { session: {}, user: {} } }),
      'GET /api/me': () => ({ status: 200, body: makeMe() }),
    });
    const { router, queryClient } = renderGate('/jobs');
    expect(await screen.findByText(/Protected for/)).toBeInTheDocument();

    act(() => {
      markSignedOut();
      queryClient.setQueryData(meQueryKey, null);
    });

    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    clearSignedOut();
  });

  describe('after sign-in (spec section 4)', () => {
    const signedIn = (me: ReturnType<typeof makeMe>) => ({
      'GET /api/auth/get-session': () => ({ status: 200, body: { session: {}, user: {} } }),
      'GET /api/me': () => ({ status: 200, body: me }),
    });
    const withOnboarding = {
      element: <AuthGate />,
      children: [{ path: '/jobs', element: <Protected /> }],
    };
    const renderWith = (path: string) =>
      renderRoute(<p>unused</p>, {
        path,
        routePath: '/unused',
        routes: [
          withOnboarding,
          { path: '/auth', element: <p>Auth screen</p> },
          { path: '/onboarding', element: <p>Onboarding screen</p> },
        ],
      });

    it('when the e-mail is not confirmed, then the user is signed out and sent to /auth with the flag', async () => {
      const { calls } = mockApi({
        ...signedIn(makeMe({ user: { emailVerified: false } })),
        'POST /api/auth/sign-out': () => ({ status: 200, body: { success: true } }),
      });
      const { router } = renderWith('/jobs');
      expect(await screen.findByText('Auth screen')).toBeInTheDocument();
      expect(router.state.location.search).toBe('?needsVerification=true');
      expect(calls.map((c) => c.key)).toContain('POST /api/auth/sign-out');
      expect(screen.queryByText(/Protected for/)).not.toBeInTheDocument();
    });

    it('when onboarding is required, then the user goes to /onboarding', async () => {
      mockApi(
        signedIn(makeMe({ onboarding: { complete: false, stepCompleted: 1, required: true } })),
      );
      const { router } = renderWith('/jobs');
      expect(await screen.findByText('Onboarding screen')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/onboarding');
    });

    it('when an onboarded user belongs to no business account, then the spec’s message is shown', async () => {
      mockApi(signedIn(makeMe({ accounts: [], activeAccountId: null, role: 'member' })));
      renderWith('/jobs');
      expect(
        await screen.findByText(
          'No business accounts found. Please contact support if this is unexpected.',
        ),
      ).toBeInTheDocument();
    });

    it('when the role is read outside the provider, then it throws the spec’s message', () => {
      function Reader() {
        useUserRole();
        return null;
      }
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(() => render(<Reader />)).toThrow(
        'useUserRole must be used within a UserRoleProvider',
      );
    });

    it('when inside the gate, then the role and account come from the provider', async () => {
      function RoleReader() {
        const { role, accountId } = useUserRole();
        return (
          <p>
            Role {role} in {accountId}
          </p>
        );
      }
      mockApi(signedIn(makeMe({ role: 'team_leader' })));
      renderRoute(<p>unused</p>, {
        path: '/jobs',
        routePath: '/unused',
        routes: [{ element: <AuthGate />, children: [{ path: '/jobs', element: <RoleReader /> }] }],
      });
      expect(
        await screen.findByText(`Role team_leader in ${makeMe().activeAccountId}`),
      ).toBeInTheDocument();
    });
  });
});
