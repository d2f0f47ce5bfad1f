import { REPORT_RANGE_MESSAGES } from '@crewdesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { invoices, jobAssignees, jobs, jobSeries, requests } from '../../db/schema/index.ts';

// The business is in Chicago: summer time ends on Sunday 1 November 2026 at 2:00 AM CDT (07:00Z),
// so that day has 25 hours, and it is also the first day of a month. "Now" is 11:00 AM CST.
const NOW = new Date('2026-11-01T17:00:00Z');

const at = (iso: string) => new Date(iso);
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

/** A request written straight to the table: its dates are the report's input. */
async function request(
  t: TestApp,
  user: SignedInUser,
  values: Partial<typeof requests.$inferInsert> & { title: string },
) {
  const [row] = await t.app.db
    .insert(requests)
    .values({
      accountId: user.accountId,
      userId: user.userId,
      client: 'Quote Client',
      amountCents: 10000,
      date: '2026-10-30',
      status: 'sent',
      type: 'quote',
      expiresAt: at('2026-12-31T00:00:00Z'),
      ...values,
    })
    .returning({ id: requests.id });
  return row!.id;
}

async function job(
  t: TestApp,
  user: SignedInUser,
  values: Partial<typeof jobs.$inferInsert> & { title: string },
  assignees: string[] = [],
) {
  const [row] = await t.app.db
    .insert(jobs)
    .values({ accountId: user.accountId, kind: 'job', ...values })
    .returning({ id: jobs.id });
  for (const employeeId of assignees)
    await t.app.db
      .insert(jobAssignees)
      .values({ accountId: user.accountId, jobId: row!.id, employeeId });
  return row!.id;
}

describe('quote conversion, jobs and revenue ahead reports', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let seller: Colleague;
  let a: Colleague;
  let b: Colleague;
  let stranger: SignedInUser;
  const q: Record<string, string> = {};
  const j: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    seller = await colleagueOf(t.app, owner, 'sales_person');
    a = await colleagueOf(t.app, owner, 'team_member');
    b = await colleagueOf(t.app, owner, 'team_leader');

    // Sent at 11:30 PM CDT on 30 October; accepted exactly one day later.
    q.estimate = await request(t, owner, {
      title: 'Estimate',
      type: 'estimate',
      status: 'accepted',
      sharedAt: at('2026-10-31T04:30:00Z'),
      viewedAt: at('2026-10-31T10:00:00Z'),
      acceptedAt: at('2026-11-01T04:30:00Z'),
    });
    // Sent at 11:30 PM CDT on 31 October (1 November in UTC); declined three days later.
    q.declined = await request(t, seller, {
      title: 'Declined quote',
      amountCents: 20000,
      status: 'declined',
      sharedAt: at('2026-11-01T04:30:00Z'),
      viewedAt: at('2026-11-02T10:00:00Z'),
      declinedAt: at('2026-11-04T04:30:00Z'),
    });
    // A proposal sent at 1:30 AM CDT on 1 November, unanswered past its expiry this morning.
    q.expired = await request(t, seller, {
      title: 'Proposal',
      proposalType: 'options',
      amountCents: 30000,
      status: 'sent',
      sharedAt: at('2026-11-01T06:30:00Z'),
      expiresAt: at('2026-11-01T12:00:00Z'),
    });
    // Sent at 11:30 PM CST on 1 November (2 November at the summer offset): viewed, still open.
    q.open = await request(t, owner, {
      title: 'Open quote',
      amountCents: 40000,
      status: 'viewed',
      sharedAt: at('2026-11-02T05:30:00Z'),
      viewedAt: at('2026-11-02T06:00:00Z'),
    });
    // Accepted 36 hours after sending, then made into a job.
    q.converted = await request(t, owner, {
      title: 'Converted quote',
      amountCents: 5000,
      status: 'converted',
      sharedAt: at('2026-11-02T12:00:00Z'),
      viewedAt: at('2026-11-02T13:00:00Z'),
      acceptedAt: at('2026-11-04T00:00:00Z'),
    });
    // Never sent: not in the report.
    await request(t, owner, { title: 'Draft', status: 'unopened', sharedAt: null });

    // Visits. On time: started at most 15 minutes after the start.
    j.onTime = await job(
      t,
      owner,
      {
        title: 'On time clean',
        type: 'cleaning',
        startsAt: at('2026-10-31T14:00:00Z'),
        status: 'completed',
        startedAt: plus('2026-10-31T14:00:00Z', 10),
        completedAt: plus('2026-10-31T14:00:00Z', 120),
        priceCents: 10000,
      },
      [a.employeeId],
    );
    // 1:30 AM CDT on 1 November, started 20 minutes late.
    j.late = await job(
      t,
      owner,
      {
        title: 'Late inspection',
        type: 'inspection',
        startsAt: at('2026-11-01T06:30:00Z'),
        status: 'completed',
        startedAt: plus('2026-11-01T06:30:00Z', 20),
        completedAt: plus('2026-11-01T06:30:00Z', 90),
        priceCents: 20000,
      },
      [a.employeeId, b.employeeId],
    );
    // 11:30 PM CST on 1 November, still to do and nobody on it.
    j.ahead = await job(t, owner, {
      title: 'Maintenance tonight',
      type: 'maintenance',
      startsAt: at('2026-11-02T05:30:00Z'),
      status: 'scheduled',
      priceCents: 30000,
    });
    j.cancelled = await job(t, owner, {
      title: 'Cancelled clean',
      startsAt: at('2026-11-01T16:00:00Z'),
      status: 'cancelled',
      priceCents: 5000,
    });
    // 11:30 PM CDT on 31 October; completed 5 minutes in without pressing start.
    j.quick = await job(
      t,
      owner,
      {
        title: 'Quick clean',
        startsAt: at('2026-11-01T04:30:00Z'),
        status: 'completed',
        completedAt: plus('2026-11-01T04:30:00Z', 5),
        priceCents: 7000,
      },
      [b.employeeId],
    );
    // The last evening of the 30 days ahead (5 PM CST on 30 November).
    j.lastOf30 = await job(t, owner, {
      title: 'End of month clean',
      startsAt: at('2026-11-30T23:00:00Z'),
      priceCents: 1000,
    });
    // A recurring visit at 12:30 AM on 1 December: the 90 days, not the 30.
    const [series] = await t.app.db
      .insert(jobSeries)
      .values({
        accountId: owner.accountId,
        frequency: 'weekly',
        rrule: 'FREQ=WEEKLY',
        startDate: '2026-12-01',
        startTime: '00:30',
        template: {} as never,
      })
      .returning({ id: jobSeries.id });
    j.recurring = await job(t, owner, {
      title: 'Weekly clean',
      startsAt: at('2026-12-01T06:30:00Z'),
      seriesId: series!.id,
      occurrenceDate: '2026-12-01',
      priceCents: 2000,
    });
    j.lastOf90 = await job(t, owner, {
      title: 'Last day of 90',
      startsAt: at('2027-01-29T18:00:00Z'),
      priceCents: 4000,
    });
    await job(t, owner, {
      title: 'After 90 days',
      startsAt: at('2027-01-30T18:00:00Z'),
      priceCents: 8000,
    });
    // Already on an invoice: not ahead.
    const [billed] = await t.app.db
      .insert(invoices)
      .values({
        accountId: owner.accountId,
        number: 1,
        numberText: 'INV-1',
        clientName: 'Billed',
        issueDate: '2026-11-01',
        paymentTerms: 'net_30',
        dueDate: '2026-11-01',
        lineItems: [],
        subtotalCents: 2500,
        discountCents: 0,
        taxCents: 0,
        totalCents: 2500,
        balanceCents: 2500,
        status: 'sent',
      })
      .returning({ id: invoices.id });
    await job(t, owner, {
      title: 'Billed ahead',
      startsAt: at('2026-11-10T18:00:00Z'),
      invoiceId: billed!.id,
      priceCents: 2500,
    });
    // A task is not a visit.
    await job(t, owner, { title: 'A task', kind: 'task', startsAt: at('2026-11-01T18:00:00Z') });

    // Another business on the same days must never show.
    stranger = await ownerWithBusinessProfile(t.app);
    await request(t, stranger, { title: 'Theirs', sharedAt: at('2026-11-01T18:00:00Z') });
    await job(t, stranger, {
      title: 'Theirs',
      startsAt: at('2026-11-01T18:00:00Z'),
      priceCents: 99900,
    });
  });
  afterAll(() => t.close());

  const get = (user: SignedInUser, url: string) => asUser(t.app, user, { method: 'GET', url });

  describe('GET /api/reports/quotes', () => {
    it('when grouped by month across the month end, then requests count by the business’s date they were sent, with outcomes and the median days to answer', async () => {
      const res = await get(owner, '/api/reports/quotes?from=2026-10-01&to=2026-11-30');
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      const pick = (r: Record<string, unknown>) => ({
        sent: r.sent,
        viewed: r.viewed,
        accepted: r.accepted,
        declined: r.declined,
        expired: r.expired,
        sentCents: r.sentCents,
        acceptedCents: r.acceptedCents,
        medianDaysToAnswer: r.medianDaysToAnswer,
      });
      expect(report.rows.map((r: Record<string, unknown>) => [r.period, pick(r)])).toEqual([
        [
          '2026-10-01',
          {
            sent: 2,
            viewed: 2,
            accepted: 1,
            declined: 1,
            expired: 0,
            sentCents: 30000,
            acceptedCents: 10000,
            medianDaysToAnswer: 2,
          },
        ],
        [
          '2026-11-01',
          {
            sent: 3,
            viewed: 2,
            accepted: 1,
            declined: 0,
            expired: 1,
            sentCents: 75000,
            acceptedCents: 5000,
            medianDaysToAnswer: 1.5,
          },
        ],
      ]);
      expect(report.totals).toEqual({
        sent: 5,
        viewed: 4,
        accepted: 2,
        declined: 1,
        expired: 1,
        sentCents: 105000,
        acceptedCents: 15000,
        medianDaysToAnswer: 1.5,
      });
      expect(
        report.byCategory.map((r: Record<string, unknown>) => [r.category, r.sent, r.accepted]),
      ).toEqual([
        ['estimate', 1, 1],
        ['quote', 3, 1],
        ['proposal', 1, 0],
      ]);
      expect(
        report.bySalesPerson.map((r: Record<string, unknown>) => [r.userId, r.sent, r.expired]),
      ).toEqual([
        [owner.userId, 3, 0],
        [seller.userId, 2, 1],
      ]);
      expect(report.definitions.map((d: { id: string }) => d.id)).toContain('quote_days_to_answer');
    });

    it('when grouped by day over the 25-hour day, then a late-evening sending stays on its local date and empty days are zero', async () => {
      const res = await get(owner, '/api/reports/quotes?from=2026-10-30&to=2026-11-03&groupBy=day');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rows.map((r: Record<string, unknown>) => [r.period, r.sent])).toEqual([
        ['2026-10-30', 1],
        ['2026-10-31', 1],
        ['2026-11-01', 2],
        ['2026-11-02', 1],
        ['2026-11-03', 0],
      ]);
    });

    it.each([
      ['from=2026-11-30&to=2026-10-01', REPORT_RANGE_MESSAGES.inverted],
      ['from=2016-01-01&to=2025-12-31&groupBy=month', REPORT_RANGE_MESSAGES.tooLong],
      ['from=2026-01-01&to=2026-02-01&groupBy=year', 'groupBy must be one of day, week, month'],
    ])('when the query is %s, then 400 says what is wrong', async (query, message) => {
      for (const path of ['quotes', 'quotes.csv', 'jobs', 'jobs.csv', 'revenue.csv']) {
        const res = await get(owner, `/api/reports/${path}?${query}`);
        expect(res.statusCode, path).toBe(400);
        expect(res.body).toContain(message);
      }
    });

    it('when a field worker or a sales person asks, then 403; a manager gets the report', async () => {
      for (const user of [a, b, seller]) {
        for (const path of [
          'quotes?from=2026-10-01&to=2026-11-30',
          'quotes/rows?from=2026-10-01&to=2026-11-30&figure=sent',
          'jobs?from=2026-10-01&to=2026-11-30',
          'jobs/rows?from=2026-10-01&to=2026-11-30',
          'revenue-ahead',
          'revenue-ahead/rows',
          'quotes.csv?from=2026-10-01&to=2026-11-30',
          'receivables.csv',
        ]) {
          expect((await get(user, `/api/reports/${path}`)).statusCode, path).toBe(403);
        }
      }
      const manager = await colleagueOf(t.app, owner, 'business_manager');
      const res = await get(manager, '/api/reports/quotes?from=2026-10-01&to=2026-11-30');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().totals.sent).toBe(5);
    });

    it('when another business asks for the same days, then it sees only its own request', async () => {
      const res = await get(stranger, '/api/reports/quotes?from=2026-10-01&to=2026-11-30');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().totals.sent).toBe(1);
      const rows = await get(
        stranger,
        '/api/reports/quotes/rows?from=2026-10-01&to=2026-11-30&figure=sent',
      );
      expect(rows.json().rows.map((r: { title: string }) => r.title)).toEqual(['Theirs']);
    });
  });

  describe('GET /api/reports/quotes/rows', () => {
    it('when a figure of a category is opened, then its requests come back in sending order with links, and a limit cuts the list', async () => {
      const res = await get(
        owner,
        '/api/reports/quotes/rows?from=2026-10-01&to=2026-11-30&figure=sent&category=quote',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rows.map((r: { id: string }) => r.id)).toEqual([
        q.declined,
        q.open,
        q.converted,
      ]);
      expect(res.json().rows[1]).toMatchObject({
        title: 'Open quote',
        category: 'quote',
        sentOn: '2026-11-01',
        amountCents: 40000,
        link: { path: `/quotes/${q.open}`, query: {} },
      });
      const cut = await get(
        owner,
        '/api/reports/quotes/rows?from=2026-10-01&to=2026-11-30&figure=sent&limit=2',
      );
      expect(cut.json().rows).toHaveLength(2);
      expect(cut.json().truncated).toBe(true);
    });

    it('when expired or one person’s accepted are opened, then only those come back', async () => {
      const expired = await get(
        owner,
        '/api/reports/quotes/rows?from=2026-11-01&to=2026-11-30&figure=expired',
      );
      expect(expired.json().rows.map((r: { id: string }) => r.id)).toEqual([q.expired]);
      const accepted = await get(
        owner,
        `/api/reports/quotes/rows?from=2026-10-01&to=2026-11-30&figure=accepted&userId=${owner.userId}`,
      );
      expect(accepted.json().rows.map((r: { id: string }) => r.id)).toEqual([
        q.estimate,
        q.converted,
      ]);
    });

    it('when the request form’s requests are asked for, then none of this business’s come back', async () => {
      const res = await get(
        owner,
        '/api/reports/quotes/rows?from=2026-10-01&to=2026-11-30&figure=sent&userId=none',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rows).toEqual([]);
    });

    it.each([
      [
        'from=2026-10-01&to=2026-11-30&figure=sent&userId=bob',
        'userId must be a member id or none',
      ],
      ['from=2026-10-01&to=2026-11-30&figure=won', 'figure must be one of'],
      ['from=2026-10-01&to=2026-11-30&figure=sent&category=invoice', 'category must be one of'],
      ['from=2026-10-01&to=2026-11-30&figure=sent&limit=501', 'limit must be between 1 and 500'],
      ['from=2026-11-30&to=2026-10-01&figure=sent', REPORT_RANGE_MESSAGES.inverted],
    ])('when the query is %s, then 400', async (query, message) => {
      const res = await get(owner, `/api/reports/quotes/rows?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    });
  });

  describe('GET /api/reports/jobs', () => {
    it('when grouped by month across the month end, then visits count by status, type and team member, with the ones on time', async () => {
      const res = await get(owner, '/api/reports/jobs?from=2026-10-01&to=2026-11-30');
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report.rows).toEqual([
        {
          period: '2026-10-01',
          from: '2026-10-01',
          to: '2026-10-31',
          visits: 2,
          scheduled: 0,
          onTheWay: 0,
          inProgress: 0,
          completed: 2,
          cancelled: 0,
          onTime: 2,
          completedCents: 17000,
          link: { path: '/jobs', query: { from: '2026-10-01', to: '2026-10-31' } },
        },
        {
          period: '2026-11-01',
          from: '2026-11-01',
          to: '2026-11-30',
          visits: 5,
          scheduled: 3,
          onTheWay: 0,
          inProgress: 0,
          completed: 1,
          cancelled: 1,
          onTime: 0,
          completedCents: 20000,
          link: { path: '/jobs', query: { from: '2026-11-01', to: '2026-11-30' } },
        },
      ]);
      expect(report.totals).toMatchObject({ visits: 7, completed: 3, onTime: 2 });
      expect(
        report.byType.map((r: Record<string, unknown>) => [
          r.type,
          r.visits,
          r.completed,
          r.onTime,
        ]),
      ).toEqual([
        ['cleaning', 5, 2, 2],
        ['inspection', 1, 1, 0],
        ['maintenance', 1, 0, 0],
      ]);
      const members = Object.fromEntries(
        report.byMember.map((r: Record<string, unknown>) => [
          r.employeeId,
          [r.visits, r.completed, r.onTime, r.completedCents],
        ]),
      );
      expect(members).toEqual({
        [a.employeeId]: [2, 2, 1, 30000],
        [b.employeeId]: [2, 2, 1, 27000],
      });
    });

    it('when grouped by day over the 25-hour day, then late-evening visits stay on their local date', async () => {
      const res = await get(owner, '/api/reports/jobs?from=2026-10-31&to=2026-11-02&groupBy=day');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rows.map((r: Record<string, unknown>) => [r.period, r.visits])).toEqual([
        ['2026-10-31', 2],
        ['2026-11-01', 3],
        ['2026-11-02', 0],
      ]);
    });

    it('when the rows of a day, of late visits or of a person are opened, then those visits come back soonest first', async () => {
      const day = await get(owner, '/api/reports/jobs/rows?from=2026-11-01&to=2026-11-01');
      expect(day.statusCode, day.body).toBe(200);
      expect(day.json().rows.map((r: { id: string }) => r.id)).toEqual([
        j.late,
        j.cancelled,
        j.ahead,
      ]);
      expect(day.json().rows[0]).toMatchObject({
        date: '2026-11-01',
        type: 'inspection',
        status: 'completed',
        onTime: false,
        link: { path: `/jobs/${j.late}`, query: {} },
      });
      const late = await get(
        owner,
        '/api/reports/jobs/rows?from=2026-10-01&to=2026-11-30&status=completed&onTime=false',
      );
      expect(late.json().rows.map((r: { id: string }) => r.id)).toEqual([j.late]);
      const mine = await get(
        owner,
        `/api/reports/jobs/rows?from=2026-10-01&to=2026-11-30&employeeId=${b.employeeId}`,
      );
      expect(mine.json().rows.map((r: { id: string }) => r.id)).toEqual([j.quick, j.late]);
    });

    it("when another business's team member is named, then 404; bad filters are 400", async () => {
      const theirs = await colleagueOf(t.app, stranger, 'team_member');
      expect(
        (
          await get(
            owner,
            `/api/reports/jobs/rows?from=2026-10-01&to=2026-11-30&employeeId=${theirs.employeeId}`,
          )
        ).statusCode,
      ).toBe(404);
      for (const query of ['type=gardening', 'status=done', 'onTime=yes', 'employeeId=42']) {
        const res = await get(
          owner,
          `/api/reports/jobs/rows?from=2026-10-01&to=2026-11-30&${query}`,
        );
        expect(res.statusCode, query).toBe(400);
      }
    });
  });

  describe('GET /api/reports/revenue-ahead', () => {
    it('when the owner asks, then visits still to do and bill in the next 30 and 90 days are summed beside what is owed', async () => {
      const res = await get(owner, '/api/reports/revenue-ahead');
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report.today).toBe('2026-11-01');
      expect(report.windows).toEqual([
        {
          days: 30,
          from: '2026-11-01',
          to: '2026-11-30',
          visitCount: 2,
          totalCents: 31000,
          recurringCents: 0,
          oneTimeCents: 31000,
          link: { path: '/jobs', query: { from: '2026-11-01', to: '2026-11-30' } },
        },
        {
          days: 90,
          from: '2026-11-01',
          to: '2027-01-29',
          visitCount: 4,
          totalCents: 37000,
          recurringCents: 2000,
          oneTimeCents: 35000,
          link: { path: '/jobs', query: { from: '2026-11-01', to: '2027-01-29' } },
        },
      ]);
      expect(report.owed).toMatchObject({ totalCents: 2500, overdueCents: 0, invoiceCount: 1 });
    });

    it('when the 30 days are opened, then their visits come back; days other than 30 or 90 are 400', async () => {
      const res = await get(owner, '/api/reports/revenue-ahead/rows?days=30');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rows.map((r: { id: string; date: string }) => [r.id, r.date])).toEqual([
        [j.ahead, '2026-11-01'],
        [j.lastOf30, '2026-11-30'],
      ]);
      const ninety = await get(owner, '/api/reports/revenue-ahead/rows?days=90&limit=3');
      expect(ninety.json().truncated).toBe(true);
      expect(ninety.json().rows[2]).toMatchObject({ id: j.recurring, recurring: true });
      expect((await get(owner, '/api/reports/revenue-ahead/rows?days=45')).statusCode).toBe(400);
      const theirs = await get(stranger, '/api/reports/revenue-ahead');
      expect(theirs.json().windows[0]).toMatchObject({ visitCount: 1, totalCents: 99900 });
    });
  });

  describe('CSV', () => {
    it('when the jobs report is downloaded, then it is the table with a totals line, as an attachment', async () => {
      const res = await get(owner, '/api/reports/jobs.csv?from=2026-10-01&to=2026-11-30');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="jobs-2026-10-01-to-2026-11-30-by-month.csv"',
      );
      expect(res.body.trim().split('\n')).toEqual([
        'Period,From,To,Visits,Scheduled,On the way,In progress,Completed,Cancelled,On time,Completed amount',
        '2026-10-01,2026-10-01,2026-10-31,2,0,0,0,2,0,2,170.00',
        '2026-11-01,2026-11-01,2026-11-30,5,3,0,0,1,1,0,200.00',
        'Total,2026-10-01,2026-11-30,7,3,0,0,3,1,2,370.00',
      ]);
    });

    it('when the quote conversion and revenue ahead are downloaded, then their totals match the JSON', async () => {
      const quotes = await get(owner, '/api/reports/quotes.csv?from=2026-10-01&to=2026-11-30');
      expect(quotes.statusCode, quotes.body).toBe(200);
      expect(quotes.body.trim().split('\n').at(-1)).toBe(
        'Total,2026-10-01,2026-11-30,5,4,2,1,1,1050.00,150.00,1.5',
      );
      const ahead = await get(owner, '/api/reports/revenue-ahead.csv');
      expect(ahead.body.trim().split('\n')).toEqual([
        'Window,From,To,Visits,Scheduled,Recurring,One-time',
        'Next 30 days,2026-11-01,2026-11-30,2,310.00,0.00,310.00',
        'Next 90 days,2026-11-01,2027-01-29,4,370.00,20.00,350.00',
        'Owed today,,2026-11-01,1,25.00,,',
      ]);
    });

    it('when a client name starts like a formula, then its cell is written as text', async () => {
      await t.app.db.insert(invoices).values({
        accountId: owner.accountId,
        number: 2,
        numberText: 'INV-2',
        clientName: '=HYPERLINK("http://evil.test")',
        issueDate: '2026-10-01',
        paymentTerms: 'net_30',
        dueDate: '2026-10-20',
        lineItems: [],
        subtotalCents: 1000,
        discountCents: 0,
        taxCents: 0,
        totalCents: 1000,
        balanceCents: 1000,
        status: 'sent',
      });
      const res = await get(owner, '/api/reports/receivables.csv');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
      expect(res.body.trim().split('\n').at(-1)).toBe('Total,25.00,10.00,0.00,0.00,0.00,35.00,2');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="receivables-2026-11-01.csv"',
      );
    });
  });
});
