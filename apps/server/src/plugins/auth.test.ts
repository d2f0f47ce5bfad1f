import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/build-app.ts';

describe('sign-in and sign-out (better-auth under /api/auth)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when the password is wrong, then sign-in answers 401 without saying whether the e-mail exists', async () => {
    const user = await signedInUser(t.app);
    const attempt = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password: 'not-the-password' },
      });
    const known = await attempt(user.email);
    const unknown = await attempt('nobody-here@example.test');
    expect(known.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(known.json().message).toBe(unknown.json().message);
    expect(known.headers['set-cookie']).toBeUndefined();
  });

  it('when the request comes from a foreign origin, then a cookie-carrying sign-in is refused', async () => {
    const user = await signedInUser(t.app, { password: 'correct-horse-battery' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
      payload: { email: user.email, password: 'correct-horse-battery' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('when the user revokes their sessions, then every device is signed out at once', async () => {
    const phone = await signedInUser(t.app, { password: 'correct-horse-battery' });
    const laptop = { cookie: await signIn(t.app, phone.email, 'correct-horse-battery') };
    expect((await asUser(t.app, laptop, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);

    const revoke = await asUser(t.app, phone, {
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      payload: {},
    });
    expect(revoke.statusCode).toBe(200);

    expect((await asUser(t.app, phone, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await asUser(t.app, laptop, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });
});
