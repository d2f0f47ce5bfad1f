import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '@/lib/session/get-me';
import { makeMe, mockApi, renderRoute, testQueryClient } from '@/test/utils';
import { sessionsQueryKey } from '../api/list-sessions';
import { ChangePasswordForm } from './change-password-form';

async function fill(values: { current?: string; next?: string; confirm?: string }) {
  const user = userEvent.setup();
  const form = within(screen.getByRole('form', { name: 'Change password' }));
  if (values.current) await user.type(form.getByLabelText('Current password'), values.current);
  if (values.next) await user.type(form.getByLabelText('New password'), values.next);
  if (values.confirm) await user.type(form.getByLabelText('Confirm new password'), values.confirm);
  return { user, form };
}

describe('ChangePasswordForm', () => {
  it('when submitted empty or mismatched, then the rules show and nothing is sent', async () => {
    const api = mockApi({});
    renderRoute(<ChangePasswordForm />, { me: makeMe() });
    const { user, form } = await fill({ next: 'short', confirm: 'other' });
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await form.findByText('Required')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(form.getByText('The two new passwords do not match.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('when the current password is wrong, then the server’s message shows', async () => {
    mockApi({
      'POST /api/auth/change-password': () => ({
        status: 400,
        body: { code: 'INVALID_PASSWORD', message: 'Invalid password' },
      }),
    });
    renderRoute(<ChangePasswordForm />, { me: makeMe() });
    const { user, form } = await fill({
      current: 'not it',
      next: 'a new password',
      confirm: 'a new password',
    });
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Invalid password');
  });

  it('when the server refuses the new password as weak, then every reason is listed', async () => {
    const reasons = [
      'This password is one of the most commonly used passwords. Choose one that is harder to guess.',
    ];
    mockApi({
      'POST /api/auth/change-password': () => ({
        status: 400,
        body: { code: 'weak_password', message: reasons.join(' '), reasons },
      }),
    });
    renderRoute(<ChangePasswordForm />, { me: makeMe() });
    const { user, form } = await fill({
      current: 'old password',
      next: 'password',
      confirm: 'password',
    });
    await user.click(form.getByRole('button', { name: 'Change password' }));

    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('This password cannot be used:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(reasons);
  });

  it('when changed with "Sign out of other devices", then that is asked of the server, the form empties and the session is read again', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(meQueryKey, makeMe());
    queryClient.setQueryData(sessionsQueryKey, []);
    const api = mockApi({
      'POST /api/auth/change-password': () => ({ status: 200, body: { token: 'new', user: {} } }),
    });
    renderRoute(<ChangePasswordForm />, { me: makeMe(), queryClient });
    const { user, form } = await fill({
      current: 'old password',
      next: 'a new password',
      confirm: 'a new password',
    });
    await user.click(form.getByLabelText('Sign out of other devices'));
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Your other devices have been signed out.')).toBeInTheDocument();
    expect(api.calls[0]).toEqual({
      key: 'POST /api/auth/change-password',
      body: {
        currentPassword: 'old password',
        newPassword: 'a new password',
        revokeOtherSessions: true,
      },
    });
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(form.getByLabelText('Sign out of other devices')).not.toBeChecked();
    expect(queryClient.getQueryState(meQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(sessionsQueryKey)?.isInvalidated).toBe(true);
  });

  it('when changed without signing out the others, then revokeOtherSessions is false', async () => {
    const api = mockApi({
      'POST /api/auth/change-password': () => ({ status: 200, body: { token: null, user: {} } }),
    });
    renderRoute(<ChangePasswordForm />, { me: makeMe() });
    const { user, form } = await fill({
      current: 'old password',
      next: 'a new password',
      confirm: 'a new password',
    });
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Use the new password the next time you sign in.'),
    ).toBeInTheDocument();
    expect(api.calls[0]?.body).toMatchObject({ revokeOtherSessions: false });
  });
});
