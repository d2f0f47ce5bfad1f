import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import type { OutboxItem } from '../api/list-outbox';
import { EmailOutboxSection } from './email-outbox-section';

function item(overrides: Partial<OutboxItem>): OutboxItem {
  return {
    id: 'mail-1',
    kind: 'invitation',
    to: 'bo@example.com',
    subject: 'You are invited to Sparkle Cleaning',
    status: 'kept',
    attempts: 0,
    lastError: null,
    links: ['https://crew.example/invite/abc'],
    createdAt: '2026-01-02T10:00:00.000Z',
    sentAt: null,
    ...overrides,
  };
}

const BEFORE = '2026-01-02T09:00:00.000Z';
const FIRST = '/api/mail/outbox?limit=20';
const SECOND = `/api/mail/outbox?limit=20&before=${encodeURIComponent(BEFORE)}`;

describe('EmailOutboxSection', () => {
  it('lists messages with their status and links, and loads older ones on Load more', async () => {
    const api = mockApi({
      [`GET ${FIRST}`]: () => ({
        status: 200,
        body: {
          items: [
            item({}),
            item({
              id: 'mail-2',
              subject: 'Estimate #12',
              status: 'failed',
              attempts: 3,
              lastError: 'Connection refused',
              links: [],
            }),
          ],
          nextBefore: BEFORE,
        },
      }),
      [`GET ${SECOND}`]: () => ({
        status: 200,
        body: {
          items: [item({ id: 'mail-3', subject: 'Invoice #7', status: 'sent' })],
          nextBefore: null,
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<EmailOutboxSection />, { me: makeMe() });
    expect(screen.getByText(/When no SMTP mail server is configured/)).toBeInTheDocument();

    const table = within(await screen.findByRole('table', { name: 'E-mail outbox' }));
    expect(table.getByText('Kept (no mail server)')).toBeInTheDocument();
    expect(table.getByText('Failed')).toBeInTheDocument();
    expect(table.getByText('Connection refused')).toBeInTheDocument();
    expect(table.getByRole('link', { name: 'https://crew.example/invite/abc' })).toHaveAttribute(
      'href',
      'https://crew.example/invite/abc',
    );
    const cards = within(screen.getByRole('list', { name: 'E-mail outbox' }));
    expect(cards.getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(cards.getByText('Estimate #12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await table.findByText('Invoice #7')).toBeInTheDocument();
    expect(table.getByText('Sent')).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).toEqual([`GET ${FIRST}`, `GET ${SECOND}`]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when nothing has been sent, then the empty state explains what will appear', async () => {
    mockApi({ [`GET ${FIRST}`]: () => ({ status: 200, body: { items: [], nextBefore: null } }) });
    renderRoute(<EmailOutboxSection />, { me: makeMe({ role: 'admin' }) });
    const empty = await screen.findByRole('region', { name: 'No e-mail yet' });
    expect(
      within(empty).getByText(
        'Messages your business sends (invitations, estimates, invoices) appear here.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('for a team role, then a short note shows and nothing is requested', () => {
    const api = mockApi({});
    renderRoute(<EmailOutboxSection />, { me: makeMe({ role: 'team_member' }) });
    expect(screen.getByText(/Only the business owner or an admin can see/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
