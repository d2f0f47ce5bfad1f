import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { salesOpportunities } from '../../db/schema/index.ts';

// 11:00 PM CST on 1 November in Chicago is already 2 November in UTC: "today" is the 1st.
const NOW = new Date('2026-11-02T05:00:00Z');

async function opportunity(
  t: TestApp,
  user: SignedInUser,
  values: Partial<typeof salesOpportunities.$inferInsert> & { title: string },
) {
  const [row] = await t.app.db
    .insert(salesOpportunities)
    .values({
      accountId: user.accountId,
      source: 'referral',
      stage: 'new',
      stageEnteredAt: NOW,
      openedAt: NOW,
      ownerUserId: user.userId,
      ...values,
    })
    .returning({ id: salesOpportunities.id });
  return row!.id;
}

describe('GET /api/home/my-pipeline', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let seller: Colleague;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    seller = await colleagueOf(t.app, owner, 'sales_person');
    ids.overdue = await opportunity(t, seller, {
      title: 'Overdue',
      stage: 'contacted',
      quotedValueCents: 20000,
      followUpOn: '2026-10-31',
    });
    ids.today = await opportunity(t, seller, {
      title: 'Due today',
      stage: 'quoted',
      enteredValueCents: 15000,
      quotedValueCents: 99999,
      followUpOn: '2026-11-01',
    });
    // Due tomorrow (already "today" in UTC): not due yet.
    await opportunity(t, seller, {
      title: 'Tomorrow',
      stage: 'quoted',
      quotedValueCents: 5000,
      followUpOn: '2026-11-02',
    });
    await opportunity(t, seller, { title: 'New lead' });
    // Won or lost, or someone else's: not in the tiles.
    await opportunity(t, seller, { title: 'Won', stage: 'won', quotedValueCents: 70000 });
    await opportunity(t, seller, { title: 'Lost', stage: 'lost', followUpOn: '2026-10-01' });
    await opportunity(t, owner, { title: "Owner's", followUpOn: '2026-10-01' });
    const stranger = await ownerWithBusinessProfile(t.app);
    await opportunity(t, stranger, { title: 'Theirs', followUpOn: '2026-10-01' });
  });
  afterAll(() => t.close());

  const get = (user: SignedInUser) =>
    asUser(t.app, user, { method: 'GET', url: '/api/home/my-pipeline' });

  it("when a sales person opens their home, then their open opportunities by stage and follow-ups due on the business's today come back", async () => {
    const res = await get(seller);
    expect(res.statusCode, res.body).toBe(200);
    const tiles = res.json();
    expect(tiles.today).toBe('2026-11-01');
    expect(tiles.stages).toEqual([
      {
        stage: 'new',
        count: 1,
        totalCents: 0,
        link: { path: '/sales', query: { view: 'list', owner: 'me', stage: 'new' } },
      },
      {
        stage: 'contacted',
        count: 1,
        totalCents: 20000,
        link: { path: '/sales', query: { view: 'list', owner: 'me', stage: 'contacted' } },
      },
      {
        stage: 'quoted',
        count: 2,
        totalCents: 20000,
        link: { path: '/sales', query: { view: 'list', owner: 'me', stage: 'quoted' } },
      },
    ]);
    expect(tiles.open).toMatchObject({ count: 4, totalCents: 40000 });
    expect(tiles.followUps.dueToday.count).toBe(1);
    expect(tiles.followUps.overdue.count).toBe(1);
    expect(tiles.followUps.next).toEqual([
      {
        id: ids.overdue,
        title: 'Overdue',
        stage: 'contacted',
        followUpOn: '2026-10-31',
        overdue: true,
        valueCents: 20000,
        link: { path: `/sales/${ids.overdue}`, query: {} },
      },
      {
        id: ids.today,
        title: 'Due today',
        stage: 'quoted',
        followUpOn: '2026-11-01',
        overdue: false,
        valueCents: 15000,
        link: { path: `/sales/${ids.today}`, query: {} },
      },
    ]);
  });

  it('when the owner opens it, then only their own opportunity counts', async () => {
    const res = await get(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().open.count).toBe(1);
    expect(res.json().followUps.overdue.count).toBe(1);
  });

  it('when a field worker asks, then 403', async () => {
    const member = await colleagueOf(t.app, owner, 'team_member');
    expect((await get(member)).statusCode).toBe(403);
  });
});
