import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeHub } from '@/entities/client-hub/test/fixtures';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ClientHubCard } from './client-hub-card';

const ID = '00000000-0000-4000-8000-0000000000c1';

function renderCard(role: 'owner' | 'team_member' = 'owner') {
  return renderRoute(<ClientHubCard customerId={ID} name="Dana Whitfield" />, {
    me: makeMe({ role }),
    path: `/customers/${ID}`,
  });
}

describe('ClientHubCard', () => {
  it('when a manager previews the hub, then it shows as the client sees it, read-only', async () => {
    mockApi({
      [`GET /api/customers/${ID}/client-hub`]: () => ({ status: 200, body: makeHub() }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Preview hub as client' }));
    const dialog = await screen.findByRole('dialog', { name: "Dana Whitfield's hub" });
    expect(await within(dialog).findByRole('heading', { name: 'Hello Dana' })).toBeVisible();
    expect(within(dialog).queryByRole('link', { name: /Add to calendar/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Request work' })).not.toBeInTheDocument();
  });

  it('when a manager revokes all links and confirms, then the links are revoked', async () => {
    const api = mockApi({
      [`POST /api/customers/${ID}/client-hub/revoke-links`]: () => ({
        status: 200,
        body: {
          revokedAt: '2026-11-20T15:00:00.000Z',
          message: 'All links sent to this contact have stopped working.',
        },
      }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Revoke all client links' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke all client links?' });
    expect(api.calls).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke links' }));
    expect(
      await screen.findByText('All links sent to this contact have stopped working.'),
    ).toBeVisible();
    expect(api.calls.map((c) => c.key)).toEqual([
      `POST /api/customers/${ID}/client-hub/revoke-links`,
    ]);
  });

  it('when a team member opens the contact, then the card is not there', () => {
    mockApi({});
    renderCard('team_member');
    expect(screen.queryByRole('button', { name: 'Preview hub as client' })).not.toBeInTheDocument();
  });
});
