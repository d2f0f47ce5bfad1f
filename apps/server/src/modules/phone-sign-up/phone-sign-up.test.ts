import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  createTestApp,
  sessionCookie,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/build-app.ts';
import { startTestSmsGateway, type TestSmsGateway } from '../../../test/sms-gateway.ts';

const PASSWORD = 'correct horse battery';
const OWN_DATA_REASON = 'It contains your own name, e-mail address, phone number or business name.';

describe('sign-up with a phone number', () => {
  let t: TestApp;
  let gateway: TestSmsGateway;
  beforeAll(async () => {
    gateway = await startTestSmsGateway();
    t = await createTestApp({ smsWebhookUrl: gateway.url });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload });
  const signUp = (phoneNumber: string, extra: Record<string, unknown> = {}) =>
    post('/api/phone-sign-up', { phoneNumber, password: PASSWORD, ...extra });
  /** The code in the newest text to `phoneNumber`, once more than `seen` texts have arrived. */
  const codeSentTo = async (phoneNumber: string, seen = 0) => {
    const textsTo = () => gateway.messages.filter((m) => m.to === phoneNumber);
    await gateway.waitFor(() => textsTo().length > seen);
    const body = textsTo().at(-1)?.body ?? '';
    expect(body).toMatch(/Your Crewdesk (password reset )?code is/);
    const code = /\b(\d{6})\b/.exec(body)?.[1];
    if (!code) throw new Error(`no code in: ${body}`);
    return code;
  };
  const signInStatus = async (phoneNumber: string) =>
    post('/api/auth/sign-in/phone-number', { phoneNumber, password: PASSWORD });

  it('when someone signs up with a phone number, then a texted code confirms it and signs them in', async () => {
    const res = await signUp('+1 (555) 010-0101', { firstName: 'Pat', lastName: 'Phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'code-sent' });
    const phoneNumber = '+15550100101';
    await codeSentTo(phoneNumber);

    // Before the code, the right password is refused (and a new code is texted).
    const early = await signInStatus(phoneNumber);
    expect(early.statusCode).toBe(401);
    expect(early.json().code).toBe('PHONE_NUMBER_NOT_VERIFIED');
    const newest = await codeSentTo(phoneNumber, 1);

    const wrong = await post('/api/auth/phone-number/verify', { phoneNumber, code: '000000' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect(wrong.headers['set-cookie'] ?? '').not.toContain('crewdesk.session_token=');

    const verified = await post('/api/auth/phone-number/verify', { phoneNumber, code: newest });
    expect(verified.statusCode).toBe(200);
    const cookie = sessionCookie(verified);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({
      user: { phoneNumber, phoneNumberVerified: true, firstName: 'Pat', lastName: 'Phone' },
      role: 'owner',
    });
    expect(me.json().accounts).toHaveLength(1);

    const later = await signInStatus(phoneNumber);
    expect(later.statusCode).toBe(200);
    expect(sessionCookie(later)).toContain('crewdesk.session_token=');
  });

  it('when a number that has an account signs up again, then the answer is the same and no user is added', async () => {
    const phoneNumber = '+15550100202';
    const first = await signUp(phoneNumber);
    const code = await codeSentTo(phoneNumber);
    await post('/api/auth/phone-number/verify', { phoneNumber, code });
    const texts = gateway.messages.filter((m) => m.to === phoneNumber).length;

    const again = await signUp(phoneNumber, { password: 'another long password' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    const rows = await t.app.db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
    expect(rows).toHaveLength(1);
    // A confirmed number is not texted again by a sign-up.
    await new Promise((r) => setTimeout(r, 500));
    expect(gateway.messages.filter((m) => m.to === phoneNumber)).toHaveLength(texts);
  });

  it.each([
    [{ phoneNumber: '555-0199' }, 'Please enter a valid phone number.'],
    [{ phoneNumber: 'call me' }, 'Please enter a valid phone number.'],
    [{ phoneNumber: '+15550100303', password: 'short' }, 'Password must be at least 8 characters.'],
  ])('when the sign-up is %j, then it answers 400 with %j', async (payload, message) => {
    const res = await post('/api/phone-sign-up', { password: PASSWORD, ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('when the password is a common one, then it is refused with its reasons and no user is made', async () => {
    const res = await signUp('+15550100404', { password: 'password1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'weak_password',
      reasons: [
        'This password is too easy to guess.',
        'This is a commonly used password.',
        'Add another word or two that are less common.',
      ],
    });
    const rows = await t.app.db.select().from(users).where(eq(users.phoneNumber, '+15550100404'));
    expect(rows).toEqual([]);
  });

  it('when the password is the phone number itself, then it is refused as guessable and no user is made', async () => {
    const res = await signUp('+15550100414', { password: '+15550100414' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('weak_password');
    expect(res.json().reasons).toContain(OWN_DATA_REASON);
    const rows = await t.app.db.select().from(users).where(eq(users.phoneNumber, '+15550100414'));
    expect(rows).toEqual([]);
  });

  it('when a user with two-factor sign-in asks for a code by text, then no code is sent (a code alone would sign in)', async () => {
    const phoneNumber = '+15550100505';
    await signUp(phoneNumber);
    await post('/api/auth/phone-number/verify', {
      phoneNumber,
      code: await codeSentTo(phoneNumber),
    });
    await t.app.db
      .update(users)
      .set({ twoFactorEnabled: true })
      .where(eq(users.phoneNumber, phoneNumber));
    const seen = gateway.messages.filter((m) => m.to === phoneNumber).length;
    const res = await post('/api/auth/phone-number/send-otp', { phoneNumber });
    expect(res.statusCode).toBe(200);
    await gateway.waitFor(() => gateway.messages.filter((m) => m.to === phoneNumber).length > seen);
    const text = gateway.messages.filter((m) => m.to === phoneNumber).at(-1)?.body ?? '';
    expect(text).toContain('sign in with your password and authenticator app');
    expect(text).not.toMatch(/\d{6}/);
  });

  it('when a phone user forgets the password, then a texted code sets a new one, refusing weak ones, and ends their sessions', async () => {
    const phoneNumber = '+15550100606';
    await signUp(phoneNumber);
    const verified = await post('/api/auth/phone-number/verify', {
      phoneNumber,
      code: await codeSentTo(phoneNumber),
    });
    const oldCookie = sessionCookie(verified);
    const seen = gateway.messages.filter((m) => m.to === phoneNumber).length;

    const asked = await post('/api/auth/phone-number/request-password-reset', { phoneNumber });
    const unknown = await post('/api/auth/phone-number/request-password-reset', {
      phoneNumber: '+15550100999',
    });
    expect(asked.statusCode).toBe(200);
    expect(unknown.json()).toEqual(asked.json());
    const otp = await codeSentTo(phoneNumber, seen);
    expect(gateway.messages.at(-1)?.body).toContain('password reset code');

    const weak = await post('/api/auth/phone-number/reset-password', {
      phoneNumber,
      otp,
      newPassword: 'password1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('weak_password');
    const ownNumber = await post('/api/auth/phone-number/reset-password', {
      phoneNumber,
      otp,
      newPassword: phoneNumber,
    });
    expect(ownNumber.statusCode).toBe(400);
    expect(ownNumber.json().reasons).toContain(OWN_DATA_REASON);

    const reset = await post('/api/auth/phone-number/reset-password', {
      phoneNumber,
      otp,
      newPassword: 'a brand new passphrase',
    });
    expect(reset.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: oldCookie },
    });
    expect(me.statusCode).toBe(401);
    const signIn = await post('/api/auth/sign-in/phone-number', {
      phoneNumber,
      password: 'a brand new passphrase',
    });
    expect(signIn.statusCode).toBe(200);
  });
});
