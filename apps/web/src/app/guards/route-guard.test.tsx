import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderRoute } from '@/test/utils';
import { RouteGuard } from './route-guard';

const guarded = (
  <RouteGuard>
    <p>Protected screen</p>
  </RouteGuard>
);
const home = { path: '/', element: <p>Home screen</p> };

describe('RouteGuard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the role may open the route, then the screen shows', () => {
    renderRoute(guarded, {
      me: makeMe({ role: 'sales_person' }),
      path: '/customers',
      routes: [home],
    });
    expect(screen.getByText('Protected screen')).toBeInTheDocument();
  });

  it('when the role may not open the route, then Access Denied shows and the user is sent to / after 2 s', async () => {
    vi.useFakeTimers();
    const { router } = renderRoute(guarded, {
      me: makeMe({ role: 'team_member' }),
      path: '/customers',
      routes: [home],
    });

    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText('You do not have the required permissions to view this page.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Protected screen')).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(1999);
    });
    expect(router.state.location.pathname).toBe('/customers');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home screen')).toBeInTheDocument();
  });

  it('when denied, then Go to Home leaves at once', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute(guarded, {
      me: makeMe({ role: 'team_member' }),
      path: '/inventory',
      routes: [home],
    });
    await user.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('when the user has no account, then even an owner-only check is denied', () => {
    renderRoute(guarded, {
      me: makeMe({ role: 'owner', accounts: [], activeAccountId: null }),
      path: '/reports',
      routes: [home],
    });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('when the path is not a known route, then the not-found page shows', () => {
    renderRoute(guarded, { me: makeMe(), path: '/nowhere/at/all', routePath: '*' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
