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

  it('when a photo is chosen, then it is uploaded as it is and the user reloads', async () => {
    const api = mockApi({
      'PUT /api/me/avatar': () => ({ status: 200, body: { avatarUrl: '/api/avatars/a.png' } }),
      'GET /api/me': () => ({ status: 200, body: makeMe() }),
    });
    const user = userEvent.setup();
    renderRoute(<ProfileSection />, { me: makeMe() });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByTestId('avatar-file'), file);
    expect(await screen.findByText('Photo updated')).toBeInTheDocument();
    const [, init] = api.fetchMock.mock.calls.find(([url]) => url === '/api/me/avatar') ?? [];
    expect(init?.body).toBe(file);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('image/png');
  });

  it('when the file is not an image or too big, then nothing is uploaded and it says why', async () => {
    const api = mockApi({});
    const user = userEvent.setup({ applyAccept: false });
    renderRoute(<ProfileSection />, { me: makeMe() });
    await user.upload(
      screen.getByTestId('avatar-file'),
      new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }),
    );
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    await user.upload(
      screen.getByTestId('avatar-file'),
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Choose an image of at most 2 MB.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
