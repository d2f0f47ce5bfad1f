import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { SESSION_PRELOAD } from './spa.ts';

/** The name better-auth gives the session cookie here (modules/identity's SESSION_COOKIE). */
const SESSION_COOKIE = 'crewdesk.session_token';
const INDEX_HTML = `<!doctype html><html><head><title>Crewdesk</title></head><body><div id="root"></div></body></html>`;

/** A built web app with only its index.html (and the .br the build writes beside it). */
function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crewdesk-web-'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  return dir;
}

describe('index.html and the session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: builtWebApp() });
  });
  afterAll(() => t.close());

  it.each(['/', '/jobs', '/customers/123'])(
    'when %s is asked for with a session cookie, then index.html starts loading /api/me from its head',
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        cookies: { [SESSION_COOKIE]: 'token.signature' },
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['vary']).toMatch(/cookie/i);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html).toContain(`${SESSION_PRELOAD}\n  </head>`);
      expect(html.replace(`  ${SESSION_PRELOAD}\n  `, '')).toBe(INDEX_HTML);
    },
  );

  it('when the secure cookie is sent and only gzip is accepted, then the preload comes gzipped', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/schedule',
      cookies: { [`__Secure-${SESSION_COOKIE}`]: 'token.signature' },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain(SESSION_PRELOAD);
  });

  it.each(['/', '/auth'])(
    'when %s is asked for without a session cookie, then index.html is sent as built, without the preload',
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        cookies: { other: 'value' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('when an API path is unknown, then it still answers a JSON 404, cookie or not', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      cookies: { [SESSION_COOKIE]: 'token.signature' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
