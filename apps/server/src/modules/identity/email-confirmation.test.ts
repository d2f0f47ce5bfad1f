import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { sessionCookie, TEST_ORIGIN } from '../../../test/build-app.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';

const PASSWORD = 'correct horse battery';

describe('e-mail confirmation at sign-up', () => {
  let t: TestAppWithInbox;
  beforeAll(async () => {
    t = await createTestAppWithInbox();
  });
  afterAll(() => t.close());

  const signUp = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: PASSWORD, name: 'Casey Confirm' },
    });
  const signInStatus = async (email: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password: PASSWORD },
      })
    ).statusCode;
  const mailTo = (email: string, subject: string) =>
    t.inbox.waitFor((m) => m.subject === subject && JSON.stringify(m.to).includes(email));
  const confirmationLink = (text: string) => {
    const match = /http:\/\/localhost:3000\/auth\/confirm\?token=[^\s\])]+/.exec(text);
    if (!match) throw new Error(`no confirmation link in: ${text}`);
    return new URL(match[0]);
  };

  it('when someone signs up, then no session starts until the e-mailed /auth/confirm link is followed', async () => {
    const email = 'casey.confirm@example.test';
    const res = await signUp(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: null });
    expect(res.headers['set-cookie'] ?? '').not.toContain('crewdesk.session_token=');

    // Before confirming, the right password is refused with the needs-verification code.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: PASSWORD },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await mailTo(email, 'Confirm your e-mail address for Crewdesk');
    expect(mail.from?.text).toContain('Crewdesk');
    expect(mail.html).toContain('/auth/confirm?token=');
    const link = confirmationLink(mail.text ?? '');

    // /auth/confirm hands the token to better-auth, which confirms and signs the user in.
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${link.searchParams.get('token')}`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(verified.statusCode).toBe(200);
    const cookie = sessionCookie(verified);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email, emailVerified: true } });
    expect(await signInStatus(email)).toBe(200);
  });

  it('when the confirmation token is wrong, then nothing is confirmed', async () => {
    const email = 'wrong.token@example.test';
    await signUp(email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=not-a-token',
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerified).toBe(false);
  });

  it('when a registered address signs up again, then the answer is the same and only its owner hears of it', async () => {
    const email = 'taken.address@example.test';
    const first = await signUp(email);
    const again = await signUp(email);
    expect(again.statusCode).toBe(first.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(first.json()).sort());
    const notice = await mailTo(email, 'You already have a Crewdesk account');
    expect(notice.text).toContain('http://localhost:3000/auth');
    const rows = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('when a new confirmation mail is asked for, then it is sent for an unconfirmed address and the answer is the same for an unknown one', async () => {
    const email = 'resend.me@example.test';
    await signUp(email);
    const resend = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: address },
      });
    const known = await resend(email);
    const unknown = await resend('nobody.here@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await t.inbox.waitFor(
      (m) =>
        m.subject === 'Confirm your e-mail address for Crewdesk' &&
        JSON.stringify(m.to).includes(email) &&
        t.inbox.messages.filter((x) => JSON.stringify(x.to).includes(email)).length >= 2,
    );
  });
});
