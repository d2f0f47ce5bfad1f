import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  asUser,
  createTestApp,
  signedInUser,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/build-app.ts';

describe('sign-in and sign-out (better-auth under /api/auth)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/api/auth/organization/invite-member', { email: 'x@example.test', role: 'admin' }],
    ['POST', '/api/auth/organization/update-member-role', { memberId: 'm', role: 'owner' }],
    ['GET', '/api/auth/organization/list-members', undefined],
  ] as const)(
    'when %s %s is called over HTTP, then it answers 404: members change only through our role checks',
    async (method, url, payload) => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, { method, url, payload });
      expect(res.statusCode).toBe(404);
    },
  );

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

  it.each([
    ['k9#Qz', ['Password must be at least 8 characters.']],
    [
      'password1',
      [
        'This password is one of the most commonly used passwords. Choose one that is harder to guess.',
      ],
    ],
    ['a'.repeat(129), ['Password must be at most 128 characters.']],
  ])(
    'when someone signs up with %j, then it is refused with the reasons %j and no user is made',
    async (password, reasons) => {
      const email = `weak-${password.length}-${Date.now()}@example.test`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password, name: 'Weak' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', reasons });
      const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
      expect(row).toBeUndefined();
    },
  );

  it('when a 64-character passphrase is chosen, then it is accepted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'long@example.test', password: 'x'.repeat(60) + 'q9!Z', name: 'Long' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('when a signed-in user changes to a common password, then it is refused and the old one still works', async () => {
    const user = await signedInUser(t.app, { password: 'correct-horse-battery' });
    const res = await asUser(t.app, user, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: 'correct-horse-battery',
        newPassword: 'iloveyou',
        revokeOtherSessions: false,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEAK_PASSWORD');
    await expect(signIn(t.app, user.email, 'correct-horse-battery')).resolves.toContain(
      'crewdesk.session_token=',
    );
  });
});
