import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '@/lib/session/get-me';
import { makeMe, mockApi, renderRoute, testQueryClient } from '@/test/utils';
import { ProfileSection } from './profile-section';

describe('ProfileSection', () => {
  it('when the name is saved, then first, last and display name are sent, the user is read again and a notice shows', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(meQueryKey, makeMe());
    const api = mockApi({
      'POST /api/auth/update-user': () => ({ status: 200, body: { status: true } }),
    });
    const user = userEvent.setup();
    renderRoute(<ProfileSection />, { me: makeMe(), queryClient });
    const form = within(screen.getByRole('form', { name: 'Profile' }));
    expect(form.getByLabelText('First name')).toHaveValue('Ada');
    expect(form.getByRole('button', { name: 'Save profile' })).toBeDisabled();

    await user.clear(form.getByLabelText('First name'));
    await user.type(form.getByLabelText('First name'), ' Augusta ');
    await user.clear(form.getByLabelText('Last name'));
    await user.type(form.getByLabelText('Last name'), 'King');
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.calls[0]).toEqual({
      key: 'POST /api/auth/update-user',
      body: { firstName: 'Augusta', lastName: 'King', name: 'Augusta King' },
    });
    expect(queryClient.getQueryState(meQueryKey)?.isInvalidated).toBe(true);
  });

  it('when a name is emptied, then Required shows and nothing is sent', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRoute(<ProfileSection />, { me: makeMe() });
    const form = within(screen.getByRole('form', { name: 'Profile' }));
    await user.clear(form.getByLabelText('Last name'));
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await form.findByText('Required')).toBeInTheDocument();
    expect(form.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('when the server refuses, then its message shows', async () => {
    mockApi({
      'POST /api/auth/update-user': () => ({
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'Name is too long' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<ProfileSection />, { me: makeMe() });
    const form = within(screen.getByRole('form', { name: 'Profile' }));
    await user.type(form.getByLabelText('Last name'), 'x');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Name is too long');
  });

  it('says honestly that photos come later, and offers no upload', () => {
    renderRoute(<ProfileSection />, { me: makeMe() });
    expect(
      screen.getByText(/Uploading a profile photo arrives with file storage in a later version/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /photo|upload/i })).not.toBeInTheDocument();
  });
});
