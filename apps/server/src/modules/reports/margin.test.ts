import { REPORT_RANGE_MESSAGES } from '@crewdesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import {
  inventoryItems,
  inventoryLocations,
  inventoryMovements,
  jobAssignees,
  jobs,
  requests,
  timeEntries,
} from '../../db/schema/index.ts';

// Chicago; summer time ends at 2:00 AM CDT on Sunday 1 November 2026, the first of a month.
const NOW = new Date('2026-11-03T17:00:00Z');

describe('GET /api/reports/margin', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let a: Colleague;
  let b: Colleague;
  let stranger: SignedInUser;
  const v: Record<string, string> = {};

  async function visit(
    user: SignedInUser,
    values: Partial<typeof jobs.$inferInsert> & { title: string; startsAt: Date },
    assignees: string[] = [],
  ) {
    const [row] = await t.app.db
      .insert(jobs)
      .values({ accountId: user.accountId, status: 'completed', ...values })
      .returning({ id: jobs.id });
    for (const employeeId of assignees)
      await t.app.db
        .insert(jobAssignees)
        .values({ accountId: user.accountId, jobId: row!.id, employeeId });
    return row!.id;
  }

  async function timed(
    jobId: string,
    employeeId: string,
    startedAt: string,
    minutes: number,
    costRateCents: number | null,
  ) {
    await t.app.db.insert(timeEntries).values({
      accountId: owner.accountId,
      employeeId,
      kind: 'visit',
      jobId,
      startedAt: new Date(startedAt),
      endedAt: new Date(Date.parse(startedAt) + minutes * 60_000),
      timeZone: 'America/Chicago',
      workDate: startedAt.slice(0, 10),
      source: 'app',
      costRateCents,
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    a = await colleagueOf(t.app, owner, 'team_member');
    b = await colleagueOf(t.app, owner, 'team_member');

    // The calculator's cost saved with the request: $90.50.
    const [request] = await t.app.db
      .insert(requests)
      .values({
        accountId: owner.accountId,
        title: 'Estimate',
        client: 'Margin Client',
        amountCents: 20000,
        date: '2026-10-20',
        expiresAt: new Date('2026-12-31T00:00:00Z'),
        details: { totalCost: 90.5 },
      })
      .returning({ id: requests.id });
    // 9 AM CDT on 31 October: two hours of A at $20/h, half an hour of B with no rate.
    v.calculated = await visit(
      owner,
      {
        title: 'Calculated clean',
        type: 'cleaning',
        startsAt: new Date('2026-10-31T14:00:00Z'),
        priceCents: 20000,
        requestId: request!.id,
      },
      [a.employeeId],
    );
    await timed(v.calculated, a.employeeId, '2026-10-31T14:00:00Z', 120, 2000);
    await timed(v.calculated, b.employeeId, '2026-10-31T14:00:00Z', 30, null);
    // 1:30 AM CDT on 1 November, an hour planned for two people, never timed.
    v.untimed = await visit(
      owner,
      {
        title: 'Untimed inspection',
        type: 'inspection',
        startsAt: new Date('2026-11-01T06:30:00Z'),
        priceCents: 10000,
        durationMinutes: 60,
      },
      [a.employeeId, b.employeeId],
    );
    // 11:30 PM CST on 1 November (the 2nd at the summer offset): 90 minutes planned, one hour at $30.
    v.late = await visit(owner, {
      title: 'Late clean',
      type: 'cleaning',
      startsAt: new Date('2026-11-02T05:30:00Z'),
      priceCents: 5000,
      durationMinutes: 90,
    });
    await timed(v.late, a.employeeId, '2026-11-02T05:30:00Z', 60, 3000);
    // Not completed: not in the margin.
    await visit(owner, {
      title: 'Scheduled',
      status: 'scheduled',
      startsAt: new Date('2026-11-01T18:00:00Z'),
      priceCents: 99900,
    });

    // Materials: 2.5 bottles at $3 used on the first visit; a $10 use recorded and undone.
    const [item] = await t.app.db
      .insert(inventoryItems)
      .values({
        accountId: owner.accountId,
        name: 'Cleaner',
        unit: 'bottle',
        kind: 'consumable',
        costCents: 300,
      })
      .returning({ id: inventoryItems.id });
    const [van] = await t.app.db
      .insert(inventoryLocations)
      .values({ accountId: owner.accountId, name: 'Van', kind: 'van' })
      .returning({ id: inventoryLocations.id });
    const movement = (values: Partial<typeof inventoryMovements.$inferInsert>) =>
      t.app.db
        .insert(inventoryMovements)
        .values({
          accountId: owner.accountId,
          clientId: crypto.randomUUID(),
          kind: 'used',
          itemId: item!.id,
          fromLocationId: van!.id,
          quantity: '1',
          jobId: v.calculated,
          ...values,
        })
        .returning({ id: inventoryMovements.id });
    await movement({ quantity: '2.5', unitCostCents: 300 });
    const [undone] = await movement({ quantity: '1', unitCostCents: 1000 });
    await movement({
      kind: 'returned',
      quantity: '1',
      unitCostCents: 1000,
      reversesId: undone!.id,
    });

    stranger = await ownerWithBusinessProfile(t.app);
    await visit(stranger, {
      title: 'Theirs',
      startsAt: new Date('2026-11-01T18:00:00Z'),
      priceCents: 77700,
    });
  });
  afterAll(() => t.close());

  const get = (user: SignedInUser, url: string) => asUser(t.app, user, { method: 'GET', url });

  it('when grouped by month across the month end, then price less timed labour and materials sits beside the estimate', async () => {
    const res = await get(owner, '/api/reports/margin?from=2026-10-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const { link: _l1, ...october } = report.rows[0];
    expect(october).toEqual({
      period: '2026-10-01',
      from: '2026-10-01',
      to: '2026-10-31',
      visits: 1,
      priceCents: 20000,
      labourMinutes: 150,
      labourCents: 4000,
      unratedMinutes: 30,
      materialsCents: 750,
      marginCents: 15250,
      marginPercent: 76.3,
      estimatedCostCents: 9050,
      estimatedMarginCents: 10950,
      untimedVisits: 0,
    });
    const { link: _l2, ...november } = report.rows[1];
    expect(november).toEqual({
      period: '2026-11-01',
      from: '2026-11-01',
      to: '2026-11-30',
      visits: 2,
      priceCents: 15000,
      labourMinutes: 60,
      labourCents: 3000,
      unratedMinutes: 0,
      materialsCents: 0,
      marginCents: 12000,
      marginPercent: 80,
      // 60 min × 2 people and 90 min × 1 at $17.50/h.
      estimatedCostCents: 6125,
      estimatedMarginCents: 8875,
      untimedVisits: 1,
    });
    expect(report.totals).toMatchObject({
      visits: 3,
      priceCents: 35000,
      labourCents: 7000,
      materialsCents: 750,
      marginCents: 27250,
      marginPercent: 77.9,
      estimatedCostCents: 15175,
    });
    expect(
      report.byType.map((r: Record<string, unknown>) => [
        r.type,
        r.visits,
        r.marginCents,
        r.marginPercent,
      ]),
    ).toEqual([
      ['cleaning', 2, 17250, 69],
      ['inspection', 1, 10000, 100],
      ['maintenance', 0, 0, null],
    ]);
  });

  it('when grouped by day over the 25-hour day, then the late-evening visit stays on 1 November', async () => {
    const res = await get(owner, '/api/reports/margin?from=2026-10-31&to=2026-11-02&groupBy=day');
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().rows.map((r: Record<string, unknown>) => [r.period, r.visits, r.priceCents]),
    ).toEqual([
      ['2026-10-31', 1, 20000],
      ['2026-11-01', 2, 15000],
      ['2026-11-02', 0, 0],
    ]);
  });

  it('when the visits are opened, then each carries its labour, materials, estimate and link', async () => {
    const res = await get(owner, '/api/reports/margin/rows?from=2026-10-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .rows.map((r: Record<string, unknown>) => [r.id, r.date, r.marginCents, r.estimateSource]),
    ).toEqual([
      [v.calculated, '2026-10-31', 15250, 'calculator'],
      [v.untimed, '2026-11-01', 10000, 'planned'],
      [v.late, '2026-11-01', 2000, 'planned'],
    ]);
    expect(res.json().rows[0].link).toEqual({ path: `/jobs/${v.calculated}`, query: {} });
    const one = await get(
      owner,
      '/api/reports/margin/rows?from=2026-10-01&to=2026-11-30&type=inspection',
    );
    expect(one.json().rows.map((r: { id: string }) => r.id)).toEqual([v.untimed]);
    const theirs = await get(stranger, '/api/reports/margin/rows?from=2026-10-01&to=2026-11-30');
    expect(theirs.json().rows.map((r: { title: string }) => r.title)).toEqual(['Theirs']);
  });

  it('when downloaded, then the totals line matches', async () => {
    const res = await get(owner, '/api/reports/margin.csv?from=2026-10-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.trim().split('\n').at(-1)).toBe(
      'Total,2026-10-01,2026-11-30,3,350.00,3.50,70.00,7.50,272.50,77.9,151.75,198.25',
    );
  });

  it('when the query is wrong, then 400; a field worker gets 403', async () => {
    for (const [url, message] of [
      ['/api/reports/margin?from=2026-11-30&to=2026-10-01', REPORT_RANGE_MESSAGES.inverted],
      ['/api/reports/margin?from=2016-01-01&to=2025-12-31', REPORT_RANGE_MESSAGES.tooLong],
      [
        '/api/reports/margin?from=2026-10-01&to=2026-11-01&groupBy=quarter',
        'groupBy must be one of',
      ],
      [
        '/api/reports/margin/rows?from=2026-10-01&to=2026-11-01&type=gardening',
        'type must be one of',
      ],
    ] as const) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await get(a, '/api/reports/margin?from=2026-10-01&to=2026-11-30')).statusCode).toBe(
      403,
    );
  });
});
