import { BUSINESS_DETAILS_WARNING } from '@crewdesk/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDetails, sessions, users } from '../../db/schema/index.ts';
import { asUser, createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';

describe('onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = async (user: { cookie: string }) =>
    (await asUser(t.app, user, { method: 'GET', url: '/api/me' })).json();
  const putProfile = (user: { cookie: string }, payload: Record<string, unknown>) =>
    asUser(t.app, user, { method: 'PUT', url: '/api/onboarding/profile', payload });
  const putBusiness = (user: { cookie: string }, payload: Record<string, unknown>) =>
    asUser(t.app, user, { method: 'PUT', url: '/api/onboarding/business', payload });
  const complete = (user: { cookie: string }) =>
    asUser(t.app, user, {
      method: 'POST',
      url: '/api/onboarding/complete',
      payload: { plan: 'Free' },
    });

  it('when a new user goes through the three steps, then they own the business and land as onboarded', async () => {
    const user = await signedInUser(t.app);
    expect((await me(user)).onboarding).toEqual({
      complete: false,
      stepCompleted: 0,
      required: true,
    });

    const profile = await putProfile(user, { firstName: ' Rosa ', lastName: 'Diaz' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ stepCompleted: 1, required: true });

    const business = await putBusiness(user, {
      businessName: 'Sparkle & Shine Co.',
      industry: 'Cleaning',
      employeesCount: 4,
      address: '12 Harbour Road',
      phone: '555 010 0199',
      email: 'hello@sparkle.test',
      website: 'sparkle.test',
      businessDetails: 'Homes and small offices',
    });
    expect(business.statusCode).toBe(200);
    const { account, warning } = business.json();
    expect(warning).toBeNull();
    expect(account).toMatchObject({
      account_name: 'Sparkle & Shine Co.',
      account_slug: 'sparkle-shine-co',
      role: 'owner',
    });
    const [details] = await t.app.db
      .select()
      .from(businessDetails)
      .where(eq(businessDetails.accountId, account.account_id));
    expect(details).toMatchObject({
      businessName: 'Sparkle & Shine Co.',
      industry: 'Cleaning',
      employeesCount: 4,
      website: 'sparkle.test',
    });
    const afterBusiness = await me(user);
    expect(afterBusiness.activeAccountId).toBe(account.account_id);
    expect(afterBusiness.role).toBe('owner');
    // The account made at sign-up stays the personal account.
    expect(afterBusiness.accounts.map((a: { account_name: string }) => a.account_name)).toEqual([
      'Personal Account',
      'Sparkle & Shine Co.',
    ]);

    const done = await complete(user);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ complete: true, stepCompleted: 3, required: false });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Diaz',
      name: 'Rosa Diaz',
      businessName: 'Sparkle & Shine Co.',
      onboardingComplete: true,
      onboardingStepCompleted: 3,
    });
  });

  it('when the business step is sent again, then the same account is edited, not a second one', async () => {
    const user = await signedInUser(t.app);
    const first = (await putBusiness(user, { businessName: 'North Crew' })).json();
    const second = (await putBusiness(user, { businessName: 'North Crew Ltd' })).json();
    expect(second.account.account_id).toBe(first.account.account_id);
    expect(second.account.account_name).toBe('North Crew Ltd');
    expect((await me(user)).accounts).toHaveLength(2);
  });

  it('when the user signed up with a business name, then onboarding fills in that account', async () => {
    const user = await signedInUser(t.app, { accountName: 'Harbour Inspections' });
    const saved = (await putBusiness(user, { businessName: 'Harbour Inspections' })).json();
    expect(saved.account.account_id).toBe(user.accountId);
    expect((await me(user)).accounts).toHaveLength(1);
  });

  it('when no details are given, then no business details are written (spec section 7)', async () => {
    const user = await signedInUser(t.app);
    const saved = (
      await putBusiness(user, { businessName: 'Bare Minimum', email: 'a@b.test' })
    ).json();
    const rows = await t.app.db
      .select()
      .from(businessDetails)
      .where(eq(businessDetails.accountId, saved.account.account_id));
    expect(rows).toEqual([]);
  });

  it('when the owner chooses the time zone, then the business keeps it as chosen and the session shows it', async () => {
    const user = await signedInUser(t.app);
    const saved = (
      await putBusiness(user, { businessName: 'Windy City Cleaning', timeZone: 'America/Chicago' })
    ).json();
    const [row] = await t.app.db
      .select()
      .from(businessDetails)
      .where(eq(businessDetails.accountId, saved.account.account_id));
    expect(row?.timeZone).toBe('America/Chicago');
    expect(row?.timeZoneChosenAt).toBeInstanceOf(Date);
    const account = (await me(user)).accounts.find(
      (a: { account_id: string }) => a.account_id === saved.account.account_id,
    );
    expect(account).toMatchObject({ time_zone: 'America/Chicago', time_zone_chosen: true });
  });

  it('when the time zone is not one of the list, then 400 and no account is made', async () => {
    const user = await signedInUser(t.app);
    const res = await putBusiness(user, { businessName: 'Nowhere Co', timeZone: 'Mars/Base' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose a time zone from the list.');
    expect(
      (await me(user)).accounts.map((a: { account_name: string }) => a.account_name),
    ).not.toContain('Nowhere Co');
  });

  it('when the details cannot be stored, then the account still exists and the answer carries only a warning', async () => {
    const user = await signedInUser(t.app);
    // Writes of the details fail; reads go on (every request reads the business's time zone
    // with its session, so the table itself must stay).
    await t.app.db.execute(
      sql`alter table business_details add constraint refuse_every_write check (false) not valid`,
    );
    try {
      const res = await putBusiness(user, { businessName: 'Rainy Day', industry: 'Cleaning' });
      expect(res.statusCode).toBe(200);
      expect(res.json().warning).toBe(BUSINESS_DETAILS_WARNING);
      expect(res.json().account.account_name).toBe('Rainy Day');
    } finally {
      await t.app.db.execute(sql`alter table business_details drop constraint refuse_every_write`);
    }
  });

  it.each([
    ['profile', { firstName: '', lastName: 'Diaz' }, 'First name is required.'],
    ['profile', { firstName: 'Rosa' }, 'Last name is required.'],
    ['business', { businessName: '  ' }, 'Business name is required.'],
    [
      'business',
      { businessName: 'X', email: 'not-an-email' },
      'Please enter a valid email address.',
    ],
    [
      'business',
      { businessName: 'X', employeesCount: -1 },
      'Number of employees cannot be negative.',
    ],
  ])('when the %s step gets %j, then it answers 400 with %j', async (step, payload, message) => {
    const user = await signedInUser(t.app);
    const res =
      step === 'profile' ? await putProfile(user, payload) : await putBusiness(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('when the plan is chosen before the profile and business, then it is refused', async () => {
    const user = await signedInUser(t.app);
    const res = await complete(user);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Add your name and your business before choosing a plan.');
    const wrongPlan = await asUser(t.app, user, {
      method: 'POST',
      url: '/api/onboarding/complete',
      payload: { plan: 'Gold' },
    });
    expect(wrongPlan.statusCode).toBe(400);
  });

  it('when a user already has names, a business name and the active plan, then onboarding is not needed', async () => {
    const user = await signedInUser(t.app, {
      firstName: 'Ada',
      lastName: 'Lane',
      accountName: 'Lane Maintenance',
    });
    await t.app.db
      .update(users)
      .set({ businessName: 'Lane Maintenance' })
      .where(eq(users.id, user.userId));
    expect((await me(user)).onboarding).toMatchObject({ complete: false, required: false });
  });

  it('when a user is a member of someone else’s business, then onboarding is skipped and the flag is set with step 3', async () => {
    const user = await signedInUser(t.app, { role: 'team_member' });
    const res = await asUser(t.app, user, { method: 'GET', url: '/api/onboarding' });
    expect(res.json()).toEqual({ complete: true, stepCompleted: 3, required: false });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ onboardingComplete: true, onboardingStepCompleted: 3 });
  });

  it('when there is no session, then every step answers 401', async () => {
    const statuses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/onboarding' }),
      t.app.inject({
        method: 'PUT',
        url: '/api/onboarding/profile',
        payload: { firstName: 'No', lastName: 'Session' },
      }),
      t.app.inject({
        method: 'PUT',
        url: '/api/onboarding/business',
        payload: { businessName: 'Nobody' },
      }),
      t.app.inject({ method: 'POST', url: '/api/onboarding/complete', payload: { plan: 'Free' } }),
    ]);
    expect(statuses.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it('when the session is gone, then the business step does not act on it', async () => {
    const user = await signedInUser(t.app);
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.userId));
    expect((await putBusiness(user, { businessName: 'Ghost' })).statusCode).toBe(401);
  });
});
