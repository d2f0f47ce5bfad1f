import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDetails, subscriptions } from '../../db/schema/index.ts';
import { asUser, createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';

const profile = {
  businessName: 'Sparkle Cleaning',
  businessDetails: 'Homes and offices in Austin',
  industry: 'Cleaning',
  employeesCount: 12,
  address: '12 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
  email: 'hello@sparkle.test',
  website: 'https://sparkle.test',
  timeZone: 'America/Chicago',
  currency: 'USD',
};

describe('business profile and plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when nothing was saved yet, then the profile is the account name with UTC and US dollars', async () => {
    const owner = await signedInUser(t.app, { accountName: 'Fresh Start' });
    const res = await asUser(t.app, owner, { method: 'GET', url: '/api/business-profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      businessName: 'Fresh Start',
      phone: null,
      timeZone: 'UTC',
      currency: 'USD',
      updatedAt: null,
    });
  });

  it('when an owner saves the profile twice, then one row holds the latest values (upsert on account_id)', async () => {
    const owner = await signedInUser(t.app);
    const first = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/business-profile',
      payload: profile,
    });
    expect(first.statusCode).toBe(200);
    const second = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/business-profile',
      payload: { ...profile, phone: '', employeesCount: 15 },
    });
    expect(second.json()).toMatchObject({
      phone: null,
      employeesCount: 15,
      timeZone: 'America/Chicago',
    });
    const rows = await t.app.db
      .select()
      .from(businessDetails)
      .where(eq(businessDetails.accountId, owner.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      businessName: 'Sparkle Cleaning',
      employeesCount: 15,
      phone: null,
    });
    const read = await asUser(t.app, owner, { method: 'GET', url: '/api/business-profile' });
    expect(read.json()).toMatchObject({ businessName: 'Sparkle Cleaning', city: 'Austin' });
  });

  it("when another business saves its profile, then this business's profile is untouched", async () => {
    const owner = await signedInUser(t.app, { accountName: 'Mine' });
    const other = await signedInUser(t.app);
    await asUser(t.app, other, {
      method: 'PUT',
      url: '/api/business-profile',
      payload: { ...profile, businessName: 'Theirs' },
    });
    expect(
      (await asUser(t.app, owner, { method: 'GET', url: '/api/business-profile' })).json()
        .businessName,
    ).toBe('Mine');
  });

  it.each([
    [{ ...profile, timeZone: 'Mars/Base' }, 'timeZone: Choose a time zone from the list.'],
    [{ ...profile, email: 'not-mail' }, 'email: Please enter a valid email address.'],
    [{ ...profile, businessName: '' }, 'businessName: Business name is required.'],
  ])(
    'when the input is bad, then it answers 400 "%s" and stores nothing',
    async (payload, message) => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: '/api/business-profile',
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(
        await t.app.db
          .select()
          .from(businessDetails)
          .where(eq(businessDetails.accountId, owner.accountId)),
      ).toEqual([]);
    },
  );

  it.each(['manager', 'team_member', 'sales_person'] as const)(
    'when a %s saves the profile, then it answers 403 and stores nothing',
    async (role) => {
      const user = await signedInUser(t.app, { role });
      const res = await asUser(t.app, user, {
        method: 'PUT',
        url: '/api/business-profile',
        payload: profile,
      });
      expect(res.statusCode).toBe(403);
      expect(
        await t.app.db
          .select()
          .from(businessDetails)
          .where(eq(businessDetails.accountId, user.accountId)),
      ).toEqual([]);
    },
  );

  it('when a user signs up, then the Free plan is active at once', async () => {
    const user = await signedInUser(t.app);
    const res = await asUser(t.app, user, { method: 'GET', url: '/api/plan' });
    expect(res.json()).toEqual({ plan: 'Free', status: 'active' });
    const rows = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.userId));
    expect(rows).toMatchObject([{ plan: 'Free', status: 'active' }]);
  });

  it('without a session, then the profile and plan answer 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/business-profile' })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/plan' })).statusCode).toBe(401);
  });

  describe('the business’s time zone, asked once', () => {
    async function activeAccount(user: { cookie: string; accountId: string }) {
      const me = await asUser(t.app, user as never, { method: 'GET', url: '/api/me' });
      return me
        .json()
        .accounts.find((a: { account_id: string }) => a.account_id === user.accountId);
    }

    it('when a business never chose its zone, then the session says so, and choosing one keeps it and stops the question', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Never Chose' });
      expect(await activeAccount(owner)).toMatchObject({
        time_zone: 'UTC',
        time_zone_chosen: false,
      });

      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: '/api/business-profile/time-zone',
        payload: { timeZone: 'America/Chicago' },
      });

      expect(res.statusCode, res.body).toBe(204);
      expect(await activeAccount(owner)).toMatchObject({
        time_zone: 'America/Chicago',
        time_zone_chosen: true,
      });
      const [row] = await t.app.db
        .select()
        .from(businessDetails)
        .where(eq(businessDetails.accountId, owner.accountId));
      expect(row).toMatchObject({ businessName: 'Never Chose', timeZone: 'America/Chicago' });
      expect(row?.timeZoneChosenAt).toBeInstanceOf(Date);
    });

    it('when the profile is saved with its zone, then the zone counts as chosen and the rest of the profile stays', async () => {
      const owner = await signedInUser(t.app);
      await asUser(t.app, owner, { method: 'PUT', url: '/api/business-profile', payload: profile });
      expect((await activeAccount(owner)).time_zone_chosen).toBe(true);
      await asUser(t.app, owner, {
        method: 'PUT',
        url: '/api/business-profile/time-zone',
        payload: { timeZone: 'Europe/Berlin' },
      });
      const saved = await asUser(t.app, owner, { method: 'GET', url: '/api/business-profile' });
      expect(saved.json()).toMatchObject({ phone: profile.phone, timeZone: 'Europe/Berlin' });
    });

    it.each([['Mars/Base'], [''], ['x'.repeat(200)]])(
      'when the zone is %j, then 400 with the reason and nothing changes',
      async (timeZone) => {
        const owner = await signedInUser(t.app);
        const res = await asUser(t.app, owner, {
          method: 'PUT',
          url: '/api/business-profile/time-zone',
          payload: { timeZone },
        });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('Choose a time zone from the list.');
        expect((await activeAccount(owner)).time_zone_chosen).toBe(false);
      },
    );

    it('when a manager (no business admin rights) answers, then 403 and nothing changes', async () => {
      const manager = await signedInUser(t.app, { role: 'manager' });
      const res = await asUser(t.app, manager, {
        method: 'PUT',
        url: '/api/business-profile/time-zone',
        payload: { timeZone: 'America/Chicago' },
      });
      expect(res.statusCode).toBe(403);
      expect((await activeAccount(manager)).time_zone_chosen).toBe(false);
    });
  });
});
