import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { UserMenu } from './user-menu';

const authRoute = { path: '/auth', element: <p>Auth screen</p> };

describe('UserMenu', () => {
  it('when the user has no picture, then the avatar shows their initials', () => {
    renderRoute(<UserMenu />, { me: makeMe({ user: { firstName: 'ada', lastName: 'lovelace' } }) });
    const button = screen.getByRole('button', { name: 'Open user menu' });
    expect(button).toHaveTextContent('AL');
    expect(button.querySelector('img')).toBeNull();
  });

  it('when the user has a picture, then the avatar shows it instead of initials', () => {
    renderRoute(<UserMenu />, { me: makeMe({ user: { avatarUrl: '/uploads/ada.png' } }) });
    const button = screen.getByRole('button', { name: 'Open user menu' });
    expect(button.querySelector('img')).toHaveAttribute('src', '/uploads/ada.png');
    expect(button).not.toHaveTextContent('AL');
  });

  it('when opened, then it shows the e-mail, the account and the entries to their paths', async () => {
    const user = userEvent.setup();
    renderRoute(<UserMenu />, { me: makeMe() });
    await user.click(screen.getByRole('button', { name: 'Open user menu' }));

    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('ada@example.com');
    expect(menu).toHaveTextContent('Sparkle Cleaning');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Support' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('when no account is active, then it says so', async () => {
    const user = userEvent.setup();
    renderRoute(<UserMenu />, { me: makeMe({ activeAccountId: null }) });
    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('No account selected');
  });

  it('when signing out works, then storage is cleared, a notice shows and the user lands on /auth', async () => {
    const api = mockApi({
      'POST /api/auth/revoke-sessions': () => ({ status: 200, body: { status: true } }),
      'POST /api/auth/sign-out': () => ({ status: 200, body: { success: true } }),
    });
    window.localStorage.setItem(STORAGE_KEYS.selectedAccountId, 'a');
    window.localStorage.setItem(STORAGE_KEYS.selectedBusinessId, 'b');
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{}');
    window.localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, 'true');
    const user = userEvent.setup();
    const { router } = renderRoute(<UserMenu />, { me: makeMe(), routes: [authRoute] });

    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(screen.getByText('You have been logged out of your account')).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).toEqual([
      'POST /api/auth/revoke-sessions',
      'POST /api/auth/sign-out',
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedBusinessId)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.authSession)).toBeNull();
    // Not part of the session: a layout preference survives.
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('true');
  });

  it('when signing out fails, then the destructive notice shows and the user stays', async () => {
    mockApi({
      'POST /api/auth/revoke-sessions': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'boom' },
      }),
    });
    window.localStorage.setItem(STORAGE_KEYS.selectedAccountId, 'a');
    const user = userEvent.setup();
    const { router } = renderRoute(<UserMenu />, { me: makeMe(), routes: [authRoute] });

    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Error signing out')).toBeInTheDocument();
    expect(screen.getByText('There was an issue signing out of your account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBe('a');
  });
});
