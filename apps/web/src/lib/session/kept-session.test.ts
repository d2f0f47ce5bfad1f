import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi } from '@/test/utils';
import { STORAGE_KEYS } from '@/lib/storage';
import { fetchMe } from './get-me';
import { forgetSession, keptSessionCopy, rememberSession } from './session-storage';

const noConnection = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );

describe('the session kept on the device for opening with no connection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when the server cannot be reached, then the app opens on the copy of the last session, marked offline', async () => {
    const me = makeMe({ role: 'team_member' });
    rememberSession(me);
    noConnection();
    await expect(fetchMe()).resolves.toEqual({ ...me, offline: true });
  });

  it('when the server answers (an error, not silence), then the copy is not used', async () => {
    rememberSession(makeMe());
    mockApi({
      'GET /api/me': () => ({ status: 500, body: { message: 'Database down' } }),
      'GET /api/auth/get-session': () => ({ status: 500, body: null }),
    });
    await expect(fetchMe()).rejects.toThrow('Database down');
  });

  it('when the person signed out here, or another signed in, then there is no copy to open', async () => {
    rememberSession(makeMe());
    forgetSession();
    expect(localStorage.getItem(STORAGE_KEYS.sessionCopy)).toBeNull();
    noConnection();
    await expect(fetchMe()).rejects.toThrow(TypeError);

    rememberSession(makeMe());
    localStorage.setItem(STORAGE_KEYS.authSession, JSON.stringify({ userId: 'someone-else' }));
    expect(keptSessionCopy()).toBeNull();
  });

  it('when the session is itself an offline copy or failed to load its accounts, then it is not kept over the last good one', () => {
    const good = makeMe();
    rememberSession(good);
    rememberSession({ ...good, accounts: [], accountsError: 'Could not load' });
    rememberSession({ ...good, role: 'member', offline: true });
    expect(keptSessionCopy()).toEqual({ ...good, offline: true });
  });
});
