import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { NotificationsPage } from './notifications-page';

const item = {
  id: '8d0f2c1e-4b4a-4a51-9b0e-6a7f2d1c3b01',
  kind: 'visit_assigned',
  title: 'Visit assigned to you: Window wash',
  reason: 'You were assigned to this visit.',
  path: '/jobs/2b7e1c9a-1111-4c2d-9e3f-5a6b7c8d9e0f',
  count: 1,
  readAt: null,
  createdAt: new Date().toISOString(),
};

describe('NotificationsPage', () => {
  it('when notifications exist, then each says why and opening one marks it read', async () => {
    const api = mockApi({
      'GET /api/notifications?filter=all&limit=20': () => ({
        status: 200,
        body: { items: [item], nextCursor: null, unread: 1 },
      }),
      'POST /api/notifications/read': () => ({ status: 200, body: { marked: 1 } }),
    });
    const user = userEvent.setup();
    renderRoute(<NotificationsPage />, { me: makeMe({ role: 'team_member' }) });

    const link = (await screen.findByText(/Visit assigned to you: Window wash/)).closest('a')!;
    expect(link).toHaveTextContent('(unread)');
    expect(screen.getByText(/You were assigned to this visit\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change what you get' })).toHaveAttribute(
      'href',
      '/settings?section=notifications',
    );
    await user.click(link);
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        key: 'POST /api/notifications/read',
        body: { ids: [item.id] },
      }),
    );
  });

  it('when Unread is chosen and nothing is unread, then the page says nothing matches', async () => {
    mockApi({
      'GET /api/notifications?filter=all&limit=20': () => ({
        status: 200,
        body: { items: [{ ...item, readAt: item.createdAt }], nextCursor: null, unread: 0 },
      }),
      'GET /api/notifications?filter=unread&limit=20': () => ({
        status: 200,
        body: { items: [], nextCursor: null, unread: 0 },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<NotificationsPage />, { me: makeMe() });
    await screen.findByRole('link', { name: 'Visit assigned to you: Window wash' });
    await user.click(screen.getByRole('button', { name: 'Unread' }));
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
  });

  it('when the list cannot load, then it says so and offers to try again', async () => {
    mockApi({
      'GET /api/notifications?filter=all&limit=20': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'Something went wrong.' },
      }),
    });
    renderRoute(<NotificationsPage />, { me: makeMe() });
    expect(await screen.findByText(/Could not load notifications\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
