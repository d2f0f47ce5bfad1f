import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMembers,
  businessAccounts,
  businessDetails,
  mailMessages,
  sessions,
  users,
} from '../../db/schema/index.ts';
import {
  asUser,
  createTestApp,
  sessionCookie,
  signedInUser,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/build-app.ts';
import { addMember } from '../identity/index.ts';

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('sign-up', () => {
    it('when a user signs up with a business name and confirms the address, then they own a business account with its slug and get a session cookie', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: {
          email: 'ann@sparkle.test',
          password: 'correct-horse-battery',
          name: 'Ann Lee',
          firstName: 'Ann',
          lastName: 'Lee',
          businessName: 'Sparkle & Shine Co.!',
        },
      });
      expect(res.statusCode).toBe(200);
      // The session starts with the confirmation link (its token is in the mail).
      const [verification] = await t.app.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.toAddress, 'ann@sparkle.test'));
      const token = /\/auth\/confirm\?token=([^\s"&]+)/.exec(verification?.textBody ?? '')?.[1];
      expect(token).toBeDefined();
      const confirmed = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${token}`,
        headers: { origin: TEST_ORIGIN },
      });
      expect(confirmed.statusCode).toBe(200);
      const cookie = sessionCookie(confirmed);
      const setCookie = String(confirmed.headers['set-cookie']);
      expect(setCookie).toContain('HttpOnly');

      const me = await asUser(t.app, { cookie }, { method: 'GET', url: '/api/me' });
      expect(me.statusCode).toBe(200);
      const body = me.json();
      expect(body.user).toMatchObject({
        email: 'ann@sparkle.test',
        firstName: 'Ann',
        lastName: 'Lee',
      });
      expect(body.role).toBe('owner');
      // The listing also carries the business fields (see GET /api/accounts below).
      expect(body.accounts).toEqual([
        expect.objectContaining({
          account_id: body.activeAccountId,
          account_name: 'Sparkle & Shine Co.!',
          account_slug: 'sparkle-shine-co',
          role: 'owner',
        }),
      ]);
      const [stored] = await t.app.db
        .select()
        .from(businessAccounts)
        .where(eq(businessAccounts.id, body.activeAccountId));
      expect(stored?.slug).toBe('sparkle-shine-co');
    });

    it('when two businesses share a name, then the second slug gets a number', async () => {
      const a = await signedInUser(t.app, { accountName: 'Twin Cleaners' });
      const b = await signedInUser(t.app, { accountName: 'Twin Cleaners' });
      const slugs = await Promise.all(
        [a, b].map(
          async (u) =>
            (await asUser(t.app, u, { method: 'GET', url: '/api/accounts' })).json()[0]
              .account_slug,
        ),
      );
      expect(slugs).toEqual(['twin-cleaners', 'twin-cleaners-2']);
    });

    it('when eight sign-ups race for the same name, then every one gets a business with a slug of its own', async () => {
      const users = await Promise.all(
        Array.from({ length: 8 }, () => signedInUser(t.app, { accountName: 'Race Cleaners' })),
      );
      const slugs = await Promise.all(
        users.map(
          async (u) =>
            (await asUser(t.app, u, { method: 'GET', url: '/api/accounts' })).json()[0]
              .account_slug as string,
        ),
      );
      expect(new Set(slugs).size).toBe(8);
      for (const slug of slugs) expect(slug).toMatch(/^race-cleaners(-[0-9a-f-]+)?$/);
    });

    it('when no business name is given, then the account is the personal account', async () => {
      const user = await signedInUser(t.app);
      const accounts = (await asUser(t.app, user, { method: 'GET', url: '/api/accounts' })).json();
      expect(accounts).toHaveLength(1);
      expect(accounts[0]).toMatchObject({ account_name: 'Personal Account', role: 'owner' });
    });

    it('when the password is too short, then sign-up is refused and nothing is stored', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'short@pw.test', password: 'abc', name: 'Short' },
      });
      expect(res.statusCode).toBe(400);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'short@pw.test', password: 'abc' },
      });
      expect(again.statusCode).toBe(401);
    });
  });

  describe('GET /api/me', () => {
    it('when there is no session, then it answers 401', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/me' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Please sign in to continue.',
      });
    });

    it('when the user is a team member, then the role is team_member (member maps to team_member)', async () => {
      const user = await signedInUser(t.app, { role: 'member' });
      const me = (await asUser(t.app, user, { method: 'GET', url: '/api/me' })).json();
      expect(me.role).toBe('team_member');
      expect(me.activeAccountId).toBe(user.accountId);
    });

    it('when the user signs out, then the same cookie is refused at once', async () => {
      const user = await signedInUser(t.app);
      const out = await asUser(t.app, user, {
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      const me = await asUser(t.app, user, { method: 'GET', url: '/api/me' });
      expect(me.statusCode).toBe(401);
    });
  });

  describe('PUT /api/me/active-account', () => {
    it('when the user switches to another account they belong to, then the session acts for it with its role', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Main Co' });
      const other = await signedInUser(t.app, { accountName: 'Partner Co' });
      await addMember(t.app.db, {
        accountId: other.accountId,
        userId: owner.userId,
        role: 'sales_person',
      });

      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: '/api/me/active-account',
        payload: { accountId: other.accountId },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ activeAccountId: other.accountId });
      const me = (await asUser(t.app, owner, { method: 'GET', url: '/api/me' })).json();
      expect(me).toMatchObject({ activeAccountId: other.accountId, role: 'sales_person' });
      const stored = await t.app.db
        .select({ active: sessions.activeOrganizationId })
        .from(sessions)
        .where(eq(sessions.userId, owner.userId));
      expect(stored.map((s) => s.active)).toContain(other.accountId);
    });

    it('when the user signs out and in again, then the new session starts in the account they last worked in', async () => {
      const password = 'correct-horse-battery';
      const owner = await signedInUser(t.app, { accountName: 'Personal Account', password });
      const created = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/accounts',
        payload: { name: 'Sparkle Cleaning' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const business = created.json() as { account_id: string };
      await asUser(t.app, owner, { method: 'POST', url: '/api/auth/sign-out', payload: {} });

      const again = { cookie: await signIn(t.app, owner.email, password) };
      const me = (await asUser(t.app, again, { method: 'GET', url: '/api/me' })).json();
      expect(me).toMatchObject({ activeAccountId: business.account_id, role: 'owner' });
      const [stored] = await t.app.db
        .select({ lastAccountId: users.lastAccountId })
        .from(users)
        .where(eq(users.id, owner.userId));
      expect(stored?.lastAccountId).toBe(business.account_id);
    });

    it('when the account last worked in was left, then the next session follows the first-owner rule', async () => {
      const password = 'correct-horse-battery';
      const owner = await signedInUser(t.app, { accountName: 'Own Co', password });
      const other = await signedInUser(t.app, { accountName: 'Left Co' });
      await addMember(t.app.db, {
        accountId: other.accountId,
        userId: owner.userId,
        role: 'manager',
      });
      await asUser(t.app, owner, {
        method: 'PUT',
        url: '/api/me/active-account',
        payload: { accountId: other.accountId },
      });
      await t.app.db
        .delete(accountMembers)
        .where(
          and(
            eq(accountMembers.organizationId, other.accountId),
            eq(accountMembers.userId, owner.userId),
          ),
        );

      const again = { cookie: await signIn(t.app, owner.email, password) };
      const me = (await asUser(t.app, again, { method: 'GET', url: '/api/me' })).json();
      expect(me).toMatchObject({ activeAccountId: owner.accountId, role: 'owner' });
    });

    it("when the id is another business's account, then it answers 404 and nothing changes", async () => {
      const user = await signedInUser(t.app);
      const stranger = await signedInUser(t.app);
      const res = await asUser(t.app, user, {
        method: 'PUT',
        url: '/api/me/active-account',
        payload: { accountId: stranger.accountId },
      });
      expect(res.statusCode).toBe(404);
      expect(
        (await asUser(t.app, user, { method: 'GET', url: '/api/me' })).json().activeAccountId,
      ).toBe(user.accountId);
    });

    it('when the id is not a UUID, then it answers 400 with the field named', async () => {
      const user = await signedInUser(t.app);
      const res = await asUser(t.app, user, {
        method: 'PUT',
        url: '/api/me/active-account',
        payload: { accountId: 'abc' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'accountId: accountId must be a UUID',
      });
    });

    it('when there is no session, then it answers 401', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/me/active-account',
        payload: { accountId: crypto.randomUUID() },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/me/business-id and GET /api/accounts/current/members/:userId', () => {
    it('when asked, then the business id is the active account', async () => {
      const user = await signedInUser(t.app);
      const res = await asUser(t.app, user, { method: 'GET', url: '/api/me/business-id' });
      expect(res.json()).toEqual({ accountId: user.accountId });
    });

    it('when checking members, then only users of the active account count', async () => {
      const owner = await signedInUser(t.app);
      const colleague = await signedInUser(t.app);
      const stranger = await signedInUser(t.app);
      await addMember(t.app.db, {
        accountId: owner.accountId,
        userId: colleague.userId,
        role: 'team_member',
      });
      const check = async (userId: string) =>
        (
          await asUser(t.app, owner, {
            method: 'GET',
            url: `/api/accounts/current/members/${userId}`,
          })
        ).json();
      expect(await check(owner.userId)).toEqual({ isMember: true });
      expect(await check(colleague.userId)).toEqual({ isMember: true });
      expect(await check(stranger.userId)).toEqual({ isMember: false });
    });

    it('when the user id is malformed, then 400; without a session, 401', async () => {
      const owner = await signedInUser(t.app);
      expect(
        (await asUser(t.app, owner, { method: 'GET', url: '/api/accounts/current/members/42' }))
          .statusCode,
      ).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/me/business-id' })).statusCode).toBe(
        401,
      );
    });
  });

  describe('GET /api/accounts', () => {
    it('when the business has details, then each account carries the business fields of spec section 7, in /api/me too', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Sparkle' });
      await t.app.db.insert(businessDetails).values({
        accountId: owner.accountId,
        businessName: 'Sparkle Cleaning LLC',
        address: '12 Elm St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        phone: '(512) 555-0100',
        email: 'office@sparkle.test',
        website: 'https://sparkle.test',
        industry: 'cleaning',
        employeesCount: 12,
      });
      const expected = {
        account_id: owner.accountId,
        account_name: 'Sparkle',
        role: 'owner',
        business_name: 'Sparkle Cleaning LLC',
        business_address: '12 Elm St, Austin, TX 78701',
        business_phone: '(512) 555-0100',
        business_email: 'office@sparkle.test',
        business_website: 'https://sparkle.test',
        industry: 'cleaning',
        employees_count: 12,
      };
      const listed = await asUser(t.app, owner, { method: 'GET', url: '/api/accounts' });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([expect.objectContaining(expected)]);
      const me = (await asUser(t.app, owner, { method: 'GET', url: '/api/me' })).json();
      expect(me.accounts).toEqual([expect.objectContaining(expected)]);
    });

    it('when the business has no details yet, then the business fields are null', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Bare Co' });
      const [account] = (
        await asUser(t.app, owner, { method: 'GET', url: '/api/accounts' })
      ).json();
      expect(account).toMatchObject({
        account_name: 'Bare Co',
        business_name: null,
        employees_count: null,
      });
    });

    it('when there is no session, then it answers 401', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/accounts' });
      expect(res.statusCode).toBe(401);
    });

    it('when the user belongs to several accounts, then it lists only theirs, with their role in each', async () => {
      const user = await signedInUser(t.app, { accountName: 'First Co' });
      const other = await signedInUser(t.app, { accountName: 'Second Co' });
      await signedInUser(t.app, { accountName: 'Stranger Co' });
      await addMember(t.app.db, {
        accountId: other.accountId,
        userId: user.userId,
        role: 'team_leader',
      });
      const res = await asUser(t.app, user, { method: 'GET', url: '/api/accounts' });
      expect(res.statusCode).toBe(200);
      expect(
        res.json().map((a: { account_name: string; role: string }) => [a.account_name, a.role]),
      ).toEqual([
        ['First Co', 'owner'],
        ['Second Co', 'team_leader'],
      ]);
    });
  });

  describe('POST /api/accounts (create a team)', () => {
    it('when a user creates a team, then they own it, it gets a slug and the session acts for it', async () => {
      const user = await signedInUser(t.app, { accountName: 'Home Base', role: 'team_member' });
      const res = await asUser(t.app, user, {
        method: 'POST',
        url: '/api/accounts',
        payload: { name: ' Night Crew ' },
      });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        account_name: 'Night Crew',
        account_slug: 'night-crew',
        role: 'owner',
      });
      const me = (await asUser(t.app, user, { method: 'GET', url: '/api/me' })).json();
      expect(me).toMatchObject({ activeAccountId: created.account_id, role: 'owner' });
      expect(me.accounts).toHaveLength(2);
    });

    it('when the team name is blank, then it answers 400 "Please enter a team name" and creates nothing', async () => {
      const user = await signedInUser(t.app);
      const res = await asUser(t.app, user, {
        method: 'POST',
        url: '/api/accounts',
        payload: { name: '   ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('name: Please enter a team name');
      expect(
        (await asUser(t.app, user, { method: 'GET', url: '/api/accounts' })).json(),
      ).toHaveLength(1);
    });

    it('when there is no session, then it answers 401', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts',
        payload: { name: 'Crew' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/accounts/:accountId', () => {
    it('when the user belongs to the account, then it answers the account with their role', async () => {
      const user = await signedInUser(t.app, { accountName: 'Bright Homes' });
      const res = await asUser(t.app, user, {
        method: 'GET',
        url: `/api/accounts/${user.accountId}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        account_id: user.accountId,
        account_name: 'Bright Homes',
        account_slug: 'bright-homes',
        role: 'owner',
      });
    });

    it("when the id is another business's account, then it answers 404", async () => {
      const user = await signedInUser(t.app);
      const stranger = await signedInUser(t.app);
      const res = await asUser(t.app, user, {
        method: 'GET',
        url: `/api/accounts/${stranger.accountId}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Account not found.' });
    });

    it('when the id is malformed, then it answers 400', async () => {
      const user = await signedInUser(t.app);
      const res = await asUser(t.app, user, { method: 'GET', url: '/api/accounts/123' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('PATCH /api/accounts/current', () => {
    it('when an owner renames the account, then the new name is stored', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Old Name' });
      const res = await asUser(t.app, owner, {
        method: 'PATCH',
        url: '/api/accounts/current',
        payload: { name: '  New Name  ' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().account_name).toBe('New Name');
      const [row] = await t.app.db
        .select()
        .from(businessAccounts)
        .where(eq(businessAccounts.id, owner.accountId));
      expect(row?.name).toBe('New Name');
    });

    it.each(['team_member', 'manager', 'sales_person', 'team_leader'] as const)(
      'when a %s renames the account, then it answers 403 and the name is unchanged',
      async (role) => {
        const user = await signedInUser(t.app, { accountName: 'Keep Me', role });
        const res = await asUser(t.app, user, {
          method: 'PATCH',
          url: '/api/accounts/current',
          payload: { name: 'Hacked' },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(
          'You do not have the required permissions to view this page.',
        );
        const [row] = await t.app.db
          .select()
          .from(businessAccounts)
          .where(eq(businessAccounts.id, user.accountId));
        expect(row?.name).toBe('Keep Me');
      },
    );

    it('when a business_admin renames the account, then it is allowed', async () => {
      const admin = await signedInUser(t.app, { accountName: 'Admin Co', role: 'business_admin' });
      const res = await asUser(t.app, admin, {
        method: 'PATCH',
        url: '/api/accounts/current',
        payload: { name: 'Admin Co 2' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('when the name is blank, then it answers 400 with the message', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, {
        method: 'PATCH',
        url: '/api/accounts/current',
        payload: { name: '   ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('name: Account name is required.');
    });

    it('when the user was removed from their only account, then the role falls back to member and the rename is refused', async () => {
      const owner = await signedInUser(t.app);
      await t.app.db
        .delete(accountMembers)
        .where(
          and(
            eq(accountMembers.userId, owner.userId),
            eq(accountMembers.organizationId, owner.accountId),
          ),
        );
      const me = (await asUser(t.app, owner, { method: 'GET', url: '/api/me' })).json();
      expect(me).toMatchObject({ accounts: [], activeAccountId: null, role: 'member' });
      const res = await asUser(t.app, owner, {
        method: 'PATCH',
        url: '/api/accounts/current',
        payload: { name: 'X' },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
