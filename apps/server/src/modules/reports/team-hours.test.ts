import { REPORT_RANGE_MESSAGES } from '@crewdesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { timeEntries } from '../../db/schema/index.ts';

// Chicago: summer time ends on Sunday 1 November 2026 at 2:00 AM CDT, the last day of the week
// (weeks start on Monday; overtime after 40 hours, the default settings).
const NOW = new Date('2026-11-03T18:00:00Z');
const H = 60;

async function entry(
  t: TestApp,
  user: { accountId: string },
  employeeId: string,
  kind: 'shift' | 'break' | 'visit' | 'travel',
  workDate: string,
  startedAt: string,
  endedAt: string,
) {
  const [row] = await t.app.db
    .insert(timeEntries)
    .values({
      accountId: user.accountId,
      employeeId,
      kind,
      workDate,
      startedAt: new Date(startedAt),
      endedAt: new Date(endedAt),
      timeZone: 'America/Chicago',
      source: 'app',
    })
    .returning({ id: timeEntries.id });
  return row!.id;
}

describe('GET /api/reports/team-hours', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let a: Colleague;
  let b: Colleague;
  let stranger: SignedInUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    a = await colleagueOf(t.app, owner, 'team_member');
    b = await colleagueOf(t.app, owner, 'team_member');
    // A: nine hours a day, Monday 26 to Friday 30 October (8 AM to 5 PM CDT): 45 hours.
    for (const day of ['26', '27', '28', '29', '30'])
      await entry(
        t,
        owner,
        a.employeeId,
        'shift',
        `2026-10-${day}`,
        `2026-10-${day}T13:00:00Z`,
        `2026-10-${day}T22:00:00Z`,
      );
    // Sunday 1 November, 12:30 AM CDT to 3:30 AM CST: three hours on the clock, four worked.
    ids.nightShift = await entry(
      t,
      owner,
      a.employeeId,
      'shift',
      '2026-11-01',
      '2026-11-01T05:30:00Z',
      '2026-11-01T09:30:00Z',
    );
    ids.travel = await entry(
      t,
      owner,
      a.employeeId,
      'travel',
      '2026-11-01',
      '2026-11-01T05:30:00Z',
      '2026-11-01T06:00:00Z',
    );
    ids.visit = await entry(
      t,
      owner,
      a.employeeId,
      'visit',
      '2026-11-01',
      '2026-11-01T06:00:00Z',
      '2026-11-01T08:00:00Z',
    );
    ids.break = await entry(
      t,
      owner,
      a.employeeId,
      'break',
      '2026-11-01',
      '2026-11-01T08:00:00Z',
      '2026-11-01T08:30:00Z',
    );
    // Monday 2 November, a new week: A eight hours with a three-hour visit; B four with travel.
    await entry(
      t,
      owner,
      a.employeeId,
      'shift',
      '2026-11-02',
      '2026-11-02T14:00:00Z',
      '2026-11-02T22:00:00Z',
    );
    await entry(
      t,
      owner,
      a.employeeId,
      'visit',
      '2026-11-02',
      '2026-11-02T15:00:00Z',
      '2026-11-02T18:00:00Z',
    );
    await entry(
      t,
      owner,
      b.employeeId,
      'shift',
      '2026-11-02',
      '2026-11-02T14:00:00Z',
      '2026-11-02T18:00:00Z',
    );
    await entry(
      t,
      owner,
      b.employeeId,
      'travel',
      '2026-11-02',
      '2026-11-02T14:00:00Z',
      '2026-11-02T15:00:00Z',
    );

    stranger = await ownerWithBusinessProfile(t.app);
    const theirs = await colleagueOf(t.app, stranger, 'team_member');
    await entry(
      t,
      stranger,
      theirs.employeeId,
      'shift',
      '2026-11-02',
      '2026-11-02T14:00:00Z',
      '2026-11-03T00:00:00Z',
    );
  });
  afterAll(() => t.close());

  const get = (user: SignedInUser, url: string) => asUser(t.app, user, { method: 'GET', url });
  const inHours = (r: Record<string, number>) => [
    r.workedMinutes! / H,
    r.regularMinutes! / H,
    r.overtimeMinutes! / H,
    r.visitMinutes! / H,
    r.travelMinutes! / H,
    r.otherMinutes! / H,
    r.breakMinutes! / H,
  ];

  it('when a range starts mid-week over the clock change, then the week’s earlier days count towards overtime, and the 25-hour night counts what was worked', async () => {
    const res = await get(
      owner,
      '/api/reports/team-hours?from=2026-10-30&to=2026-11-02&groupBy=day',
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.overtime).toEqual({ weeklyMinutes: 2400, dailyMinutes: null, weekStartsOn: 1 });
    // worked, regular, overtime, visits, travel, other, break
    expect(report.rows.map((r: Record<string, number>) => [r.period, ...inHours(r)])).toEqual([
      ['2026-10-30', 9, 4, 5, 0, 0, 9, 0],
      ['2026-10-31', 0, 0, 0, 0, 0, 0, 0],
      ['2026-11-01', 3.5, 0, 3.5, 2, 0.5, 1, 0.5],
      ['2026-11-02', 12, 12, 0, 3, 1, 8, 0],
    ]);
    expect(inHours(report.totals)).toEqual([24.5, 16, 8.5, 5, 1.5, 18, 0.5]);
    expect(
      report.byPerson.map((p: Record<string, number> & { employeeId: string }) => [
        p.employeeId,
        ...inHours(p),
      ]),
    ).toEqual([
      [a.employeeId, 20.5, 12, 8.5, 5, 0.5, 15, 0.5],
      [b.employeeId, 4, 4, 0, 0, 1, 3, 0],
    ]);
  });

  it('when grouped by month across the month end, then October holds its 45 hours and November the rest', async () => {
    const res = await get(owner, '/api/reports/team-hours?from=2026-10-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: Record<string, number>) => [r.period, ...inHours(r)])).toEqual([
      ['2026-10-01', 45, 40, 5, 0, 0, 45, 0],
      ['2026-11-01', 15.5, 12, 3.5, 5, 1.5, 9, 0.5],
    ]);
  });

  it("when a person's night is opened, then its entries come back with links; another business's member is 404", async () => {
    const res = await get(
      owner,
      `/api/reports/team-hours/rows?from=2026-11-01&to=2026-11-01&employeeId=${a.employeeId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    // The shift and the travel timer began at the same instant: any order between them.
    const rows = res.json().rows as { id: string; minutes: number; link: unknown }[];
    expect(rows.map((r) => [r.id, r.minutes]).sort()).toEqual(
      [
        [ids.nightShift, 240],
        [ids.travel, 30],
        [ids.visit, 120],
        [ids.break, 30],
      ].sort(),
    );
    expect(rows.find((r) => r.id === ids.visit)!.link).toEqual({
      path: '/time-tracking',
      query: { from: '2026-11-01', to: '2026-11-01', employeeId: a.employeeId },
    });
    const theirs = await colleagueOf(t.app, stranger, 'team_member');
    expect(
      (
        await get(
          owner,
          `/api/reports/team-hours/rows?from=2026-11-01&to=2026-11-30&employeeId=${theirs.employeeId}`,
        )
      ).statusCode,
    ).toBe(404);
    const mine = await get(stranger, '/api/reports/team-hours?from=2026-10-01&to=2026-11-30');
    expect(mine.json().totals.workedMinutes).toBe(600);
  });

  it('when downloaded, then one line per person and a totals line in hours', async () => {
    const res = await get(owner, '/api/reports/team-hours.csv?from=2026-10-30&to=2026-11-02');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Team member,Worked hours,Regular hours,Overtime hours,Visit hours,Travel hours,Other hours,Break hours',
    );
    expect(lines.at(-1)).toBe('Total,24.50,16.00,8.50,5.00,1.50,18.00,0.50');
    expect(lines).toHaveLength(4);
  });

  it('when the range or kind is wrong, then 400; a field worker gets 403', async () => {
    for (const [url, message] of [
      ['/api/reports/team-hours?from=2026-11-30&to=2026-10-01', REPORT_RANGE_MESSAGES.inverted],
      ['/api/reports/team-hours?from=2016-01-01&to=2025-12-31', REPORT_RANGE_MESSAGES.tooLong],
      [
        '/api/reports/team-hours?from=2026-10-01&to=2026-11-01&groupBy=year',
        'groupBy must be one of',
      ],
      [
        '/api/reports/team-hours/rows?from=2026-10-01&to=2026-11-01&kind=lunch',
        'kind must be one of',
      ],
    ] as const) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await get(a, '/api/reports/team-hours?from=2026-10-01&to=2026-11-30')).statusCode).toBe(
      403,
    );
  });
});
