import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, OWNED_ACCOUNT, renderRoute } from '@/test/utils';
import type { PublicInvitation } from '../api/get-invitation';
import { AcceptInvitationPage } from './accept-invitation-page';

const INVITATION: PublicInvitation = {
  id: '66666666-6666-4666-8666-666666666666',
  businessName: 'Sparkle Cleaning',
  role: 'team_member',
  email: 'tess@example.com',
  status: 'pending',
  expiresAt: '2030-01-08T00:00:00.000Z',
  invitedBy: 'Ada Lovelace',
};
const PATH = `/accept-invitation?id=${INVITATION.id}`;
const GET = `GET /api/invitations/${INVITATION.id}`;
const HOME = [{ path: '/', element: <p>Home page</p> }];
const JOINED = {
  accountId: OWNED_ACCOUNT.account_id,
  businessName: 'Sparkle Cleaning',
  role: 'team_member',
};

function render(path = PATH) {
  return renderRoute(<AcceptInvitationPage />, {
    path,
    routePath: '/accept-invitation',
    routes: HOME,
  });
}

describe('AcceptInvitationPage', () => {
  it('when a visitor opens the link, then they see the business and role and can sign up with the invited e-mail, landing home in that business', async () => {
    let signedUp = false;
    const api = mockApi({
      [GET]: () => ({ status: 200, body: INVITATION }),
      'GET /api/auth/get-session': () => ({
        status: 200,
        body: signedUp ? { session: {}, user: {} } : null,
      }),
      'GET /api/me': () => ({
        status: 200,
        body: makeMe({ role: 'team_member', user: { email: INVITATION.email } }),
      }),
      [`POST /api/invitations/${INVITATION.id}/sign-up`]: () => {
        signedUp = true;
        return { status: 200, body: JOINED };
      },
    });
    const user = userEvent.setup();
    const { router } = render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Sparkle Cleaning' }),
    ).toBeVisible();
    expect(screen.getByText('Team member')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(INVITATION.email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth?redirect=${encodeURIComponent(PATH)}`,
    );

    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.type(screen.getByLabelText('First name'), 'Tess');
    await user.type(screen.getByLabelText('Last name'), 'Member');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(window.localStorage.getItem('selectedAccountId')).toBe(OWNED_ACCOUNT.account_id);
    expect(api.calls.find((c) => c.key.endsWith('/sign-up'))?.body).toEqual({
      firstName: 'Tess',
      lastName: 'Member',
      password: 'correct horse battery',
    });
  });

  it('when the password is weak, then each reason is listed', async () => {
    mockApi({
      [GET]: () => ({ status: 200, body: INVITATION }),
      'GET /api/auth/get-session': () => ({ status: 200, body: null }),
      [`POST /api/invitations/${INVITATION.id}/sign-up`]: () => ({
        status: 400,
        body: {
          code: 'weak_password',
          message: 'Too common.',
          reasons: ['This password is too common.'],
        },
      }),
    });
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('First name'), 'Tess');
    await user.type(screen.getByLabelText('Last name'), 'Member');
    await user.type(screen.getByLabelText(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
  });

  it('when signed in with the invited e-mail, then Accept invitation joins and goes home', async () => {
    window.localStorage.setItem('crewdesk.auth.session', '{}');
    const api = mockApi({
      [GET]: () => ({ status: 200, body: INVITATION }),
      'GET /api/me': () => ({
        status: 200,
        body: makeMe({ user: { email: 'Tess@example.com' } }),
      }),
      [`POST /api/invitations/${INVITATION.id}/accept`]: () => ({ status: 200, body: JOINED }),
    });
    const user = userEvent.setup();
    const { router } = render();
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('selectedAccountId')).toBe(OWNED_ACCOUNT.account_id);
    expect(api.calls.map((c) => c.key)).toContain(`POST /api/invitations/${INVITATION.id}/accept`);
  });

  it('when signed in as someone else, then the page says so and offers to sign out', async () => {
    window.localStorage.setItem('crewdesk.auth.session', '{}');
    mockApi({
      [GET]: () => ({ status: 200, body: INVITATION }),
      'GET /api/me': () => ({ status: 200, body: makeMe({ user: { email: 'ada@example.com' } }) }),
    });
    render();
    expect(await screen.findByText(/You are signed in as/)).toHaveTextContent(
      'You are signed in as ada@example.com. This invitation is for tess@example.com',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it.each([
    ['expired', 'This invitation has expired', 'Ask Sparkle Cleaning to send you a new one.'],
    ['canceled', 'This invitation was canceled', 'Sparkle Cleaning canceled it.'],
    ['accepted', 'This invitation has already been accepted', 'Sign in to work in'],
  ] as const)(
    'when the invitation is %s, then an honest message shows',
    async (status, title, text) => {
      mockApi({
        [GET]: () => ({ status: 200, body: { ...INVITATION, status } }),
        'GET /api/auth/get-session': () => ({ status: 200, body: null }),
      });
      render();
      expect(await screen.findByRole('region', { name: title })).toHaveTextContent(text);
      expect(screen.queryByRole('form')).toBeNull();
    },
  );

  it('when the id is unknown or missing, then the page says the invitation was not found', async () => {
    mockApi({
      [GET]: () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Invitation not found.' } }),
      'GET /api/auth/get-session': () => ({ status: 200, body: null }),
    });
    render();
    expect(await screen.findByRole('region', { name: 'Invitation not found' })).toBeVisible();
  });
});
