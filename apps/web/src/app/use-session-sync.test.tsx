import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthGate } from '@/app/guards/auth-gate';
import { useSession } from '@/lib/session/session-context';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { makeMe, mockApi, OWNED_ACCOUNT, renderRoute } from '@/test/utils';
import { useSessionSync } from '@/lib/session/use-session-sync';

const TEAM = {
  account_id: '55555555-5555-4555-8555-555555555555',
  account_name: 'Night Crew',
  account_slug: 'night-crew',
  role: 'team_leader',
};

function ActiveAccount() {
  const { activeAccount, role } = useSession();
  return (
    <p>
      Using {activeAccount?.account_name} as {role}
    </p>
  );
}

/** The root layout's sync around the auth gate, as the app nests them. */
function Root() {
  useSessionSync();
  return <AuthGate />;
}

function otherTabWrites(key: string, newValue: string | null) {
  if (newValue === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, newValue);
  // A storage event only reaches the *other* tabs; this is how it arrives here.
  window.dispatchEvent(
    new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }),
  );
}

describe('useSessionSync (spec section 4: other tabs)', () => {
  it('when another tab changes selectedAccountId, then this tab reads the session again and shows that account', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{"userId":"user-1"}');
    let active = OWNED_ACCOUNT.account_id;
    const api = mockApi({
      'GET /api/me': () => ({
        status: 200,
        body: makeMe({
          accounts: [OWNED_ACCOUNT, TEAM],
          activeAccountId: active,
          role: active === TEAM.account_id ? 'team_leader' : 'owner',
        }),
      }),
    });
    renderRoute(<p>unused</p>, {
      path: '/jobs',
      routePath: '/unused',
      routes: [{ element: <Root />, children: [{ path: '/jobs', element: <ActiveAccount /> }] }],
    });
    expect(await screen.findByText('Using Sparkle Cleaning as owner')).toBeInTheDocument();
    // This tab has remembered its session (an effect after that render): only then does the other
    // tab write, as it would in a browser, where effects run long before another tab acts.
    await waitFor(() =>
      expect(readStorage(STORAGE_KEYS.selectedAccountId)).toBe(OWNED_ACCOUNT.account_id),
    );

    // The other tab switched the shared server session, then stored the id.
    active = TEAM.account_id;
    act(() => otherTabWrites(STORAGE_KEYS.selectedAccountId, TEAM.account_id));

    expect(await screen.findByText('Using Night Crew as team_leader')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key === 'GET /api/me')).toHaveLength(2);
    // Nothing was switched from here: the stored id and the session already agree.
    expect(api.calls.some((c) => c.key === 'PUT /api/me/active-account')).toBe(false);
  });

  it('when another tab signs out, then this tab goes to /auth', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{"userId":"user-1"}');
    mockApi({ 'GET /api/me': () => ({ status: 200, body: makeMe() }) });
    const { router } = renderRoute(<p>unused</p>, {
      path: '/jobs',
      routePath: '/unused',
      routes: [
        { element: <Root />, children: [{ path: '/jobs', element: <ActiveAccount /> }] },
        { path: '/auth', element: <p>Auth screen</p> },
      ],
    });
    expect(await screen.findByText(/Using Sparkle Cleaning/)).toBeInTheDocument();

    act(() => otherTabWrites(STORAGE_KEYS.authSession, null));

    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('ignores keys that are not about the session', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{"userId":"user-1"}');
    const api = mockApi({ 'GET /api/me': () => ({ status: 200, body: makeMe() }) });
    renderRoute(<p>unused</p>, {
      path: '/jobs',
      routePath: '/unused',
      routes: [{ element: <Root />, children: [{ path: '/jobs', element: <ActiveAccount /> }] }],
    });
    expect(await screen.findByText(/Using Sparkle Cleaning/)).toBeInTheDocument();
    act(() => otherTabWrites(STORAGE_KEYS.sidebarCollapsed, 'true'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.calls.filter((c) => c.key === 'GET /api/me')).toHaveLength(1);
  });
});
