import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@crewdesk/domain';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { NotificationBell } from './notification-bell';

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '8d0f2c1e-4b4a-4a51-9b0e-6a7f2d1c3b01',
    kind: 'request_received',
    title: 'New request from Ann Lee',
    reason: 'You handle new requests for this business.',
    path: '/quotes/2b7e1c9a-1111-4c2d-9e3f-5a6b7c8d9e0f',
    count: 1,
    readAt: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

const LATEST = 'GET /api/notifications?filter=all&limit=5';

describe('NotificationBell', () => {
  it('when there are unread notifications, then the bell counts them and lists the latest', async () => {
    const api = mockApi({
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { unread: 2 } }),
      [LATEST]: () => ({
        status: 200,
        body: { items: [notification()], nextCursor: null, unread: 2 },
      }),
      'POST /api/notifications/read-all': () => ({ status: 200, body: { marked: 2 } }),
    });
    const user = userEvent.setup();
    renderRoute(<NotificationBell />, { me: makeMe() });

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const link = (await screen.findByText(/New request from Ann Lee/)).closest('a')!;
    expect(link).toHaveTextContent('(unread)');
    expect(link).toHaveAttribute('href', notification().path);
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(api.calls.map((c) => c.key)).toContain('POST /api/notifications/read-all'),
    );
  });

  it('when there are none, then the bell says so without a count', async () => {
    mockApi({
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { unread: 0 } }),
      [LATEST]: () => ({ status: 200, body: { items: [], nextCursor: null, unread: 0 } }),
    });
    const user = userEvent.setup();
    renderRoute(<NotificationBell />, { me: makeMe() });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('when more than 99 are unread, then the badge reads 99+', async () => {
    mockApi({
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { unread: 100 } }),
    });
    renderRoute(<NotificationBell />, { me: makeMe() });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 99+ unread' }),
    ).toBeInTheDocument();
  });
});
