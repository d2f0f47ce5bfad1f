import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import type { UserSession } from '../api/list-sessions';
import { ActiveSessions } from './active-sessions';

const NOW = new Date('2025-06-02T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

function session(id: string, userAgent: string, ipAddress: string, seen: number): UserSession {
  return {
    id,
    token: `token-${id}`,
    userAgent,
    ipAddress,
    createdAt: minutesAgo(600),
    updatedAt: minutesAgo(seen),
    expiresAt: minutesAgo(-10_000),
  };
}

const THIS = session(
  'this',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  '10.0.0.1',
  1,
);
const PHONE = session(
  'phone',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  '203.0.113.7',
  5,
);
const LAPTOP = session(
  'laptop',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0',
  '198.51.100.2',
  3 * 24 * 60,
);

function sessionsApi(initial: UserSession[]) {
  let sessions = initial;
  const api = mockApi({
    'GET /api/auth/get-session': () => ({
      status: 200,
      body: { session: { id: 'this', userId: 'user-1' }, user: { id: 'user-1' } },
    }),
    'GET /api/auth/list-sessions': () => ({ status: 200, body: sessions }),
    'POST /api/auth/revoke-session': (init) => {
      const { token } = JSON.parse(String(init?.body)) as { token: string };
      sessions = sessions.filter((s) => s.token !== token);
      return { status: 200, body: { status: true } };
    },
    'POST /api/auth/revoke-other-sessions': () => {
      sessions = sessions.filter((s) => s.id === 'this');
      return { status: 200, body: { status: true } };
    },
  });
  return api;
}

describe('ActiveSessions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists each device with its address and when it was last seen, this device first and marked', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    sessionsApi([LAPTOP, PHONE, THIS]);
    renderRoute(<ActiveSessions />, { me: makeMe() });

    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Chrome on LinuxThis device10.0.0.1 · Last seen 1 minute ago',
      'Safari on iPhone203.0.113.7 · Last seen 5 minutes agoRevoke',
      'Firefox on Windows198.51.100.2 · Last seen 3 days agoRevoke',
    ]);
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeInTheDocument();
  });

  it('when another session is revoked, then its token is sent and it leaves the list', async () => {
    const api = sessionsApi([THIS, PHONE, LAPTOP]);
    const user = userEvent.setup();
    renderRoute(<ActiveSessions />, { me: makeMe() });

    await user.click(await screen.findByRole('button', { name: /^Revoke Safari on iPhone/ }));

    expect(await screen.findByText('Session revoked')).toBeInTheDocument();
    expect(screen.getByText('Safari on iPhone has been signed out.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/auth/revoke-session')?.body).toEqual({
      token: 'token-phone',
    });
    const list = screen.getByRole('list', { name: 'Active sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByText('Safari on iPhone')).not.toBeInTheDocument();
  });

  it('when signing out everywhere else, then only this device stays', async () => {
    const api = sessionsApi([THIS, PHONE, LAPTOP]);
    const user = userEvent.setup();
    renderRoute(<ActiveSessions />, { me: makeMe() });

    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));

    expect(await screen.findByText('Only this device is still signed in.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/auth/revoke-other-sessions')?.body).toEqual(
      {},
    );
    expect(
      within(screen.getByRole('list', { name: 'Active sessions' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.getByText('No other device is signed in to your account.')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Sign out everywhere else' }),
    ).not.toBeInTheDocument();
  });
});
