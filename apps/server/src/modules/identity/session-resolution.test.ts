import { createHmac } from 'node:crypto';
import { CUSTOMERS_ROUTE_ROLES } from '@crewdesk/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createSecondTestApp,
  createTestApp,
  memberActingFor,
  signedInUser,
  testConfig,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.ts';
import { SignedCookieMemo, verifiedToken } from './actor.ts';

// Two server instances on one database, as two processes behind a load balancer: each has its
// own memory and keeps the actors of the sessions it has seen. A change reaches the other one as
// a NOTIFY, which arrives within a millisecond; requests injected in-process come sooner than
// any network allows, so each test waits for the change to reach both (`settled`) before its
// next request, as a request over the network would.
let first: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  first = await createTestApp();
  second = await createSecondTestApp(first);
});
afterAll(async () => {
  await second.close();
  await first.close();
});

/** Every change committed so far has reached both processes' actor caches. */
const settled = () => Promise.all([first.app.actorCache.sync(), second.actorCache.sync()]);

const me = (app: FastifyInstance, user: SignedInUser) =>
  asUser(app, user, { method: 'GET', url: '/api/me' });

describe('a session read on every request, in every process', () => {
  it('when the user signs out in one process, then the next request in either is signed out', async () => {
    const user = await signedInUser(first.app);
    expect((await me(second, user)).statusCode).toBe(200);
    expect((await me(first.app, user)).statusCode).toBe(200);

    const out = await asUser(first.app, user, {
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await settled();
    expect((await me(second, user)).statusCode).toBe(401);
    expect((await me(first.app, user)).statusCode).toBe(401);
  });

  it('when the owner deactivates a member in one process, then their next request in the other no longer acts for the business', async () => {
    const owner = await signedInUser(first.app, { accountName: 'Two Process Cleaning' });
    const member = await memberActingFor(first.app, owner, 'team_leader');
    expect((await me(second, member)).json()).toMatchObject({
      activeAccountId: owner.accountId,
      role: 'team_leader',
    });

    const off = await asUser(first.app, owner, {
      method: 'POST',
      url: `/api/team/members/${member.userId}/deactivate`,
    });
    expect(off.statusCode).toBe(200);
    await settled();
    const after = (await me(second, member)).json();
    expect(after.activeAccountId).toBe(member.accountId);
    expect(after.role).toBe('owner');
    const teamList = await asUser(second, member, { method: 'GET', url: '/api/team/employees' });
    expect(JSON.stringify(teamList.json())).not.toContain('Two Process Cleaning');
  });

  it('when the owner changes a member role in one process, then the other answers with the new role at once', async () => {
    const owner = await signedInUser(first.app);
    const member = await memberActingFor(first.app, owner, 'admin');
    expect((await me(second, member)).json().role).toBe('admin');
    // An admin may open the contacts; a team member may not (spec section 6).
    expect(CUSTOMERS_ROUTE_ROLES).toContain('admin');
    expect(CUSTOMERS_ROUTE_ROLES).not.toContain('team_member');
    expect(
      (await asUser(second, member, { method: 'GET', url: '/api/customers' })).statusCode,
    ).toBe(200);

    const changed = await asUser(first.app, owner, {
      method: 'PATCH',
      url: `/api/team/members/${member.userId}`,
      payload: { role: 'team_member' },
    });
    expect(changed.statusCode).toBe(200);
    await settled();
    expect((await me(second, member)).json().role).toBe('team_member');
    expect(
      (await asUser(second, member, { method: 'GET', url: '/api/customers' })).statusCode,
    ).toBe(403);
  });

  it('when the cookie is missing, unsigned or signed with another secret, then the request is signed out', async () => {
    const user = await signedInUser(first.app);
    const [name, value] = user.cookie.split('=') as [string, string];
    const signed = decodeURIComponent(value);
    const token = signed.slice(0, signed.lastIndexOf('.'));
    expect(verifiedToken(signed, testConfig.authSecret)).toBe(token);
    expect(verifiedToken(signed, 'another-secret-another-secret-another-secret')).toBeNull();
    for (const cookie of [`${name}=${token}`, `${name}=${token}.${'A'.repeat(43)}=`, '']) {
      expect((await me(second, { ...user, cookie })).statusCode).toBe(401);
    }
  });

  it('when a signed cookie comes again, then its token is remembered; a forged one never is', () => {
    const secret = testConfig.authSecret;
    const signedCookie = (token: string) =>
      `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
    const memo = new SignedCookieMemo();
    const cookie = signedCookie('token-one');
    expect(memo.tokenOf(cookie, secret)).toBe('token-one');
    expect(memo.tokenOf(cookie, secret)).toBe('token-one');
    expect(memo.size).toBe(1);
    expect(memo.tokenOf(`token-two.${'A'.repeat(43)}=`, secret)).toBeNull();
    expect(memo.tokenOf(undefined, secret)).toBeNull();
    expect(memo.size).toBe(1);
    // Full, it starts over rather than growing.
    for (let i = 0; i < SignedCookieMemo.MAX; i++) memo.tokenOf(signedCookie(`token-${i}`), secret);
    expect(memo.size).toBeLessThanOrEqual(SignedCookieMemo.MAX);
    expect(memo.tokenOf(cookie, secret)).toBe('token-one');
  });

  it('when a session is a day old, then it is extended; when it has expired, then it is signed out and deleted', async () => {
    const user = await signedInUser(first.app);
    const day = 24 * 60 * 60 * 1000;
    const setExpiry = (at: Date) =>
      first.app.db.update(sessions).set({ expiresAt: at }).where(eq(sessions.userId, user.userId));
    const expiryOf = async () =>
      (await first.app.db.select().from(sessions).where(eq(sessions.userId, user.userId)))[0]
        ?.expiresAt;

    await setExpiry(new Date(Date.now() + 5 * day));
    await settled();
    expect((await me(second, user)).statusCode).toBe(200);
    expect((await expiryOf())!.getTime()).toBeGreaterThan(Date.now() + 6.9 * day);

    await setExpiry(new Date(Date.now() - 60_000));
    await settled();
    expect((await me(second, user)).statusCode).toBe(401);
    expect(await expiryOf()).toBeUndefined();
  });
});
