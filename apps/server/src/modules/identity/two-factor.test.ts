import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  sessionCookie,
  signedInUser,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/build-app.ts';

const PASSWORD = 'correct-horse-battery';

/** The current code an authenticator app would show for a totpURI. */
async function currentCode(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}

function cookiesOf(header: string | string[] | undefined): string {
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

describe('two-factor sign-in (TOTP with backup codes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function enrolledUser() {
    const user = await signedInUser(t.app, { password: PASSWORD });
    const enable = await asUser(t.app, user, {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { password: PASSWORD },
    });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    const verify = await asUser(t.app, user, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      payload: { code: await currentCode(totpURI) },
    });
    expect(verify.statusCode).toBe(200);
    return { user, totpURI, backupCodes };
  }

  function signInWithPassword(email: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: PASSWORD },
    });
  }

  it('when an enrolled user signs in, then a code is asked for before any session exists', async () => {
    const { user, totpURI, backupCodes } = await enrolledUser();
    expect(backupCodes.length).toBeGreaterThanOrEqual(10);

    const first = await signInWithPassword(user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    // Only a cleared session cookie (no value) may be set at this point.
    expect(String(first.headers['set-cookie'])).not.toMatch(/crewdesk\.session_token=[^;]/);

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { origin: TEST_ORIGIN, cookie: cookiesOf(first.headers['set-cookie']) },
      payload: { code: await currentCode(totpURI) },
    });
    expect(second.statusCode).toBe(200);
    const me = await asUser(
      t.app,
      { cookie: sessionCookie(second) },
      { method: 'GET', url: '/api/me' },
    );
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(user.email);
  });

  it('when the code is wrong, then no session is given', async () => {
    const { user } = await enrolledUser();
    const first = await signInWithPassword(user.email);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { origin: TEST_ORIGIN, cookie: cookiesOf(first.headers['set-cookie']) },
      payload: { code: '000000' },
    });
    expect(second.statusCode).toBe(401);
    expect(String(second.headers['set-cookie'] ?? '')).not.toMatch(/crewdesk\.session_token=[^;]/);
  });

  it('when the phone is lost, then a backup code signs in once', async () => {
    const { user, backupCodes } = await enrolledUser();
    const useBackup = async () => {
      const first = await signInWithPassword(user.email);
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-backup-code',
        headers: { origin: TEST_ORIGIN, cookie: cookiesOf(first.headers['set-cookie']) },
        payload: { code: backupCodes[0] },
      });
    };
    expect((await useBackup()).statusCode).toBe(200);
    expect((await useBackup()).statusCode).toBe(401);
  });
});
