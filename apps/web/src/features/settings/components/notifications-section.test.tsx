import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_RULES,
  type NotificationSettings,
} from '@crewdesk/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { NotificationsSection } from './notifications-section';

function settings(): NotificationSettings {
  return {
    effective: NOTIFICATION_KINDS.flatMap((kind) =>
      NOTIFICATION_CHANNELS.map((channel) => ({
        kind,
        channel,
        enabled:
          (channel === 'in_app' || channel === 'email') &&
          NOTIFICATION_RULES[kind].defaultChannels.includes(channel),
        critical: channel === 'in_app' && NOTIFICATION_RULES[kind].critical,
        available: channel === 'in_app' || channel === 'email',
      })),
    ),
    dailyDigest: false,
  };
}

describe('NotificationsSection', () => {
  it('when e-mail is turned off for new requests, then the choice is saved', async () => {
    const api = mockApi({
      'GET /api/notifications/settings': () => ({ status: 200, body: settings() }),
      'GET /api/push/config': () => ({ status: 200, body: { enabled: false, publicKey: null } }),
      'GET /api/notifications/defaults': () => ({ status: 200, body: settings() }),
      'PUT /api/notifications/settings': () => ({ status: 200, body: settings() }),
    });
    const user = userEvent.setup();
    renderRoute(<NotificationsSection />, { me: makeMe() });

    const box = await screen.findByRole('checkbox', {
      name: 'New request from the request form: E-mail',
    });
    // An owner also sees the team's defaults, in a form of their own.
    expect(await screen.findByRole('form', { name: 'Defaults for the team' })).toBeInTheDocument();
    expect(box).toBeChecked();
    // Channels this server cannot use are not offered.
    expect(screen.queryByRole('columnheader', { name: 'Text message' })).not.toBeInTheDocument();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.calls.map((c) => c.key)).toContain('PUT /api/notifications/settings'),
    );
    const put = api.calls.find((c) => c.key === 'PUT /api/notifications/settings');
    expect((put?.body as { preferences: unknown[] }).preferences).toContainEqual({
      kind: 'request_received',
      channel: 'email',
      enabled: false,
    });
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
  });

  it('when a kind is critical, then its in-app box cannot be cleared', async () => {
    mockApi({
      'GET /api/notifications/settings': () => ({ status: 200, body: settings() }),
      'GET /api/push/config': () => ({ status: 200, body: { enabled: false, publicKey: null } }),
      'GET /api/notifications/defaults': () => ({ status: 200, body: settings() }),
    });
    renderRoute(<NotificationsSection />, { me: makeMe() });
    const box = await screen.findByRole('checkbox', { name: 'Invoice overdue: In the app' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    // Without VAPID keys the server cannot push, and the section says so.
    expect(
      await screen.findByText(/Push notifications are not set up on this server/),
    ).toBeInTheDocument();
  });

  it('when a team member opens it, then only their own choices show, not the team’s defaults', async () => {
    const api = mockApi({
      'GET /api/notifications/settings': () => ({ status: 200, body: settings() }),
      'GET /api/push/config': () => ({ status: 200, body: { enabled: false, publicKey: null } }),
    });
    renderRoute(<NotificationsSection />, { me: makeMe({ role: 'team_member' }) });
    expect(await screen.findByRole('form', { name: 'What you get' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Defaults for the team' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).not.toContain('GET /api/notifications/defaults');
  });
});
