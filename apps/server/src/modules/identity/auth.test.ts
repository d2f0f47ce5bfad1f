import { PASSWORD_REASONS } from '@crewdesk/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../../db/schema/index.ts';
import { AUTH_BODY_NOT_OBJECT_MESSAGE } from './auth.routes.ts';
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
        PASSWORD_REASONS.tooGuessable,
        'This is a commonly used password.',
        'Add another word or two that are less common.',
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
      expect(res.json()).toMatchObject({ code: 'weak_password', reasons });
      const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
      expect(row).toBeUndefined();
    },
  );

  it.each([
    ['firstName', 'firstName: First name must be 100 characters or fewer.'],
    ['businessName', 'businessName: Business name must be 120 characters or fewer.'],
    ['name', 'name: Name must be 200 characters or fewer.'],
  ])(
    'when someone signs up with a 100 KB %s, then it answers 400 with %j and no user is made',
    async (field, message) => {
      const email = `huge-${field}-${Date.now()}@example.test`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: {
          email,
          password: 'velvet harbor thistle',
          name: 'Huge',
          [field]: 'x'.repeat(100 * 1024),
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    },
  );

  it('when a signed-in user renames themself to 100 KB, then it answers 400 and the name stays', async () => {
    const user = await signedInUser(t.app, { firstName: 'Ann' });
    const res = await asUser(t.app, user, {
      method: 'POST',
      url: '/api/auth/update-user',
      payload: { firstName: 'x'.repeat(100 * 1024) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('firstName: First name must be 100 characters or fewer.');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.firstName).toBe('Ann');
  });

  it('when an auth endpoint gets a JSON body that is not an object, then it answers 400 before anything else, signed in or not', async () => {
    const user = await signedInUser(t.app);
    for (const body of ['null', '1', '"x"', '[]', '[{"firstName":"A"}]']) {
      for (const url of ['/api/auth/update-user', '/api/auth/sign-in/email']) {
        const options = {
          method: 'POST' as const,
          url,
          headers: { 'content-type': 'application/json' },
          payload: body,
        };
        const anonymous = await t.app.inject({
          ...options,
          headers: { ...options.headers, origin: TEST_ORIGIN },
        });
        expect(anonymous.statusCode, `${url} ${body}`).toBe(400);
        expect(anonymous.json().message).toBe(AUTH_BODY_NOT_OBJECT_MESSAGE);
        const signedIn = await asUser(t.app, user, options);
        expect(signedIn.statusCode, `${url} ${body} signed in`).toBe(400);
      }
    }
  });

  it('when a 64-character passphrase is chosen, then it is accepted', async () => {
    const password = 'lantern orchard velvet mosaic harbor thistle quill saffron fjord';
    expect(password).toHaveLength(64);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'long@example.test', password, name: 'Long' },
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
    expect(res.json().code).toBe('weak_password');
    await expect(signIn(t.app, user.email, 'correct-horse-battery')).resolves.toContain(
      'crewdesk.session_token=',
    );
  });
});

describe('password strength (issue 16: guessable passwords were accepted)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const OWN_EMAIL = '(the e-mail address itself)';
  const WEAK = ['aaaaaaaaaaaa', 'qwertyuiopasdf', OWN_EMAIL] as const;
  const passwordFor = (weak: string, email: string) => (weak === OWN_EMAIL ? email : weak);
  let serial = 0;
  const newEmail = () => `dana.strength${++serial}-${Date.now()}@example.test`;

  function expectRefused(res: { statusCode: number; json: () => unknown }) {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string; reasons: string[] };
    expect(body.code).toBe('weak_password');
    expect(body.reasons[0]).toBe(PASSWORD_REASONS.tooGuessable);
    // The estimator's advice comes with the refusal, in the message as in the list.
    expect(body.reasons.length).toBeGreaterThan(1);
    expect(body.message).toBe(body.reasons.join(' '));
  }

  it.each(WEAK)(
    'when someone signs up with %s, then it is refused with weak_password and no user is made',
    async (weak) => {
      const email = newEmail();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password: passwordFor(weak, email), name: 'Dana Strength' },
      });
      expectRefused(res);
      expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    },
  );

  it('when a password repeats one character, then the message says why and suggests what to do', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: newEmail(), password: 'aaaaaaaaaaaa', name: 'Dana' },
    });
    expect(res.json().message).toBe(
      'This password is too easy to guess. Repeated characters like "aaa" are easy to guess. Add another word or two that are less common. Avoid repeated words and characters.',
    );
  });

  it("when the password is made of the user's own name and business, then it is refused", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: {
        email: newEmail(),
        password: 'Zbigniewsparkleclean',
        name: 'Zbigniew Qualter',
        firstName: 'Zbigniew',
        businessName: 'SparkleClean',
      },
    });
    expectRefused(res);
    expect(res.json().reasons).toContain(
      'It contains your own name, e-mail address, phone number or business name.',
    );
  });

  it('when a passphrase of uncommon words is chosen, then sign-up accepts it', async () => {
    const email = newEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: 'velvet harbor thistle', name: 'Dana Strength' },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it.each(WEAK)(
    'when a signed-in user changes their password to %s, then it is refused and the old one still works',
    async (weak) => {
      const user = await signedInUser(t.app, {
        email: newEmail(),
        password: 'velvet harbor thistle',
      });
      const res = await asUser(t.app, user, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: {
          currentPassword: 'velvet harbor thistle',
          newPassword: passwordFor(weak, user.email),
          revokeOtherSessions: false,
        },
      });
      expectRefused(res);
      await expect(signIn(t.app, user.email, 'velvet harbor thistle')).resolves.toContain(
        'crewdesk.session_token=',
      );
    },
  );

  it('when a signed-in user changes to a strong passphrase, then it is taken', async () => {
    const user = await signedInUser(t.app, {
      email: newEmail(),
      password: 'velvet harbor thistle',
    });
    const res = await asUser(t.app, user, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: 'velvet harbor thistle',
        newPassword: 'mosaic canyon lantern',
        revokeOtherSessions: false,
      },
    });
    expect(res.statusCode).toBe(200);
    await expect(signIn(t.app, user.email, 'mosaic canyon lantern')).resolves.toContain(
      'crewdesk.session_token=',
    );
  });

  /** Asks for a reset link and reads its token where better-auth keeps it. */
  async function resetToken(email: string, userId: string): Promise<string> {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email, redirectTo: '/auth/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(verifications)
      .where(
        and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)),
      );
    return row!.identifier.slice('reset-password:'.length);
  }

  it.each(WEAK)(
    'when a password is reset to %s, then it is refused, the old one still works and the link still serves',
    async (weak) => {
      const user = await signedInUser(t.app, {
        email: newEmail(),
        password: 'velvet harbor thistle',
      });
      const token = await resetToken(user.email, user.userId);
      const reset = (newPassword: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          headers: { origin: TEST_ORIGIN },
          payload: { token, newPassword },
        });
      expectRefused(await reset(passwordFor(weak, user.email)));
      await expect(signIn(t.app, user.email, 'velvet harbor thistle')).resolves.toContain(
        'crewdesk.session_token=',
      );
      expect((await reset('saffron quill orchard')).statusCode).toBe(200);
      await expect(signIn(t.app, user.email, 'saffron quill orchard')).resolves.toContain(
        'crewdesk.session_token=',
      );
    },
  );
});
