import { afterEach, describe, expect, it } from 'vitest';
import { makeMe, mockApi } from '@/test/utils';
import { fetchMe } from './get-me';

/** What apps/server's spa plugin adds to index.html for a browser that sent a session cookie. */
function addServerPreload(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.href = '/api/me';
  link.as = 'fetch';
  link.crossOrigin = 'use-credentials';
  document.head.append(link);
  return link;
}

describe('the session preload of index.html', () => {
  afterEach(() => document.head.querySelector('link[rel="preload"]')?.remove());

  it('when index.html preloads /api/me, then the first session load takes it without asking get-session; later ones ask get-session again', async () => {
    addServerPreload();
    const { calls } = mockApi({
      'GET /api/me': () => ({ status: 200, body: makeMe() }),
      'GET /api/auth/get-session': () => ({ status: 200, body: null }),
    });

    expect(await fetchMe()).toEqual(makeMe());
    expect(calls.map((c) => c.key)).toEqual(['GET /api/me']);

    // A browser without the session marker (it signed out since) asks get-session first.
    window.localStorage.clear();
    expect(await fetchMe()).toBeNull();
    expect(calls.map((c) => c.key)).toEqual(['GET /api/me', 'GET /api/auth/get-session']);
  });
});
