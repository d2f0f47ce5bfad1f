import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT } from '@crewdesk/domain';
import { meQueryKey } from '@/lib/session/get-me';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeMe, mockApi, renderRoute, testQueryClient } from '@/test/utils';
import { AuthPage } from './auth-page';
import { ResetPasswordPage } from './reset-password-page';

const routes = [
  { path: '/auth', element: <AuthPage /> },
  { path: '/', element: <p>Home screen</p> },
];

const visitorApi = {
  'GET /api/auth/get-session': () => ({ status: 200, body: null }),
};

async function choose(password: string, confirmation = password) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Choose a new password' }));
  await user.type(form.getByLabelText('New password'), password);
  await user.type(form.getByLabelText('Confirm new password'), confirmation);
  await user.click(form.getByRole('button', { name: 'Change password' }));
  return { user, form };
}

describe('ResetPasswordPage', () => {
  it('when a new password is chosen, then it is sent with the token, this browser forgets the session and /auth says to sign in with it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{"userId":"user-1"}');
    window.localStorage.setItem(STORAGE_KEYS.selectedAccountId, 'account-1');
    const queryClient = testQueryClient();
    queryClient.setQueryData(meQueryKey, makeMe());
    queryClient.setQueryData(['customers'], []);
    const api = mockApi({
      ...visitorApi,
      'POST /api/auth/reset-password': () => ({ status: 200, body: { status: true } }),
    });
    const { router } = renderRoute(<ResetPasswordPage />, {
      path: '/auth/reset-password?token=tok-123',
      routes,
      queryClient,
    });

    await choose('a brand new password');

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(
      screen.getByText('Every device that was signed in to your account has been signed out.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(
      screen.getByText('Your password was changed. Sign in with the new one.'),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/auth/reset-password')?.body).toEqual({
      newPassword: 'a brand new password',
      token: 'tok-123',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.authSession)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBeNull();
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['customers'])).toBeUndefined();
  });

  it('when the password is too short or the two differ, then the sign-up rule and the mismatch show and nothing is sent', async () => {
    const api = mockApi({});
    renderRoute(<ResetPasswordPage />, { path: '/auth/reset-password?token=tok', routes });
    const { form } = await choose('short', 'other');

    expect(await form.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(form.getByText('The two new passwords do not match.')).toBeInTheDocument();
    expect(form.getByText(PASSWORD_HINT)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('when the server refuses a weak password, then every reason is listed', async () => {
    const reasons = [
      'Password must be at most 128 characters.',
      'This password is one of the most commonly used passwords. Choose one that is harder to guess.',
    ];
    mockApi({
      'POST /api/auth/reset-password': () => ({
        status: 400,
        body: { code: 'weak_password', message: reasons.join(' '), reasons },
      }),
    });
    renderRoute(<ResetPasswordPage />, { path: '/auth/reset-password?token=tok', routes });
    const { form } = await choose('password');

    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('This password cannot be used:');
    const list = within(alert).getByRole('list', { name: 'Why the password was refused' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(reasons);
  });

  it('when the server says the token is no longer valid, then the link is declared expired with a way to ask again', async () => {
    mockApi({
      'POST /api/auth/reset-password': () => ({
        status: 400,
        body: { code: 'INVALID_TOKEN', message: 'Invalid token' },
      }),
    });
    renderRoute(<ResetPasswordPage />, { path: '/auth/reset-password?token=old', routes });
    await choose('a brand new password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or was already used.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth?step=forgot-password',
    );
  });

  it('when the server sent the browser here with ?error=INVALID_TOKEN, then "Ask for a new link" opens the forgot-password step', async () => {
    mockApi(visitorApi);
    renderRoute(<ResetPasswordPage />, {
      path: '/auth/reset-password?error=INVALID_TOKEN',
      routes,
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link has expired or was already used.',
    );
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('form', { name: 'Reset password' })).toBeInTheDocument();
  });

  it('when the link has no token, then it says the link is not complete', () => {
    mockApi({});
    renderRoute(<ResetPasswordPage />, { path: '/auth/reset-password', routes });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link is not complete. Open it from the e-mail again, or ask for a new one.',
    );
  });

  it('when the reset is limited, then the wait in seconds shows', async () => {
    mockApi({
      'POST /api/auth/reset-password': () => ({
        status: 429,
        body: { message: 'Too many requests. Please try again later.' },
        headers: { 'Retry-After': '60' },
      }),
    });
    renderRoute(<ResetPasswordPage />, { path: '/auth/reset-password?token=tok', routes });
    const { form } = await choose('a brand new password');
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 60 seconds.',
    );
  });
});
