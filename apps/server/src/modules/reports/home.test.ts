import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import {
  customers,
  invoicePayments,
  invoices,
  jobAssignees,
  jobs,
  requests,
  timeCorrections,
  timesheets,
} from '../../db/schema/index.ts';

// Sunday 1 November 2026, 11:00 AM CST in Chicago: the day summer time ended (25 hours, from
// 05:00Z to 06:00Z the next day) and the first day of a month.
const NOW = new Date('2026-11-01T17:00:00Z');

type JobValues = Partial<typeof jobs.$inferInsert>;

async function job(t: TestApp, owner: SignedInUser, values: JobValues, assignee?: Colleague) {
  const [row] = await t.app.db
    .insert(jobs)
    .values({ accountId: owner.accountId, title: 'Visit', ...values })
    .returning({ id: jobs.id });
  if (assignee)
    await t.app.db
      .insert(jobAssignees)
      .values({ accountId: owner.accountId, jobId: row!.id, employeeId: assignee.employeeId });
  return row!.id;
}

async function request(
  t: TestApp,
  owner: SignedInUser,
  values: {
    type: 'estimate' | 'quote';
    status: 'unopened' | 'sent' | 'viewed' | 'accepted';
    proposal?: boolean;
    amountCents?: number;
    expired?: boolean;
  },
) {
  await t.app.db.insert(requests).values({
    accountId: owner.accountId,
    title: 'Home request',
    client: 'Home Client',
    amountCents: values.amountCents ?? 1000,
    date: '2026-10-20',
    type: values.type,
    proposalType: values.proposal ? 'standard' : null,
    status: values.status,
    expiresAt: new Date(NOW.getTime() + (values.expired ? -1 : 1) * 86_400_000),
  });
}

let numbers = 0;
async function invoice(
  t: TestApp,
  owner: SignedInUser,
  values: {
    issueDate: string;
    dueDate: string;
    totalCents: number;
    taxCents: number;
    balanceCents: number;
    status: 'sent' | 'partially_paid' | 'paid';
  },
) {
  numbers += 1;
  const [row] = await t.app.db
    .insert(invoices)
    .values({
      accountId: owner.accountId,
      number: numbers,
      numberText: `INV-${numbers}`,
      clientName: 'Home Client',
      paymentTerms: 'net_30',
      lineItems: [],
      subtotalCents: values.totalCents - values.taxCents,
      discountCents: 0,
      ...values,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

describe('home', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let worker: Colleague;
  let otherWorker: Colleague;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    worker = await colleagueOf(t.app, owner, 'team_member');
    otherWorker = await colleagueOf(t.app, owner, 'team_member');
    // Today's visits.
    await job(
      t,
      owner,
      { startsAt: new Date('2026-11-01T14:00:00Z'), status: 'completed' },
      worker,
    );
    await job(
      t,
      owner,
      { startsAt: new Date('2026-11-01T15:00:00Z'), status: 'in_progress' },
      worker,
    );
    await job(t, owner, { startsAt: new Date('2026-11-01T16:00:00Z') }, worker); // late
    // 00:30 CDT, before the clocks went back: today, late, nobody on it.
    await job(t, owner, { startsAt: new Date('2026-11-01T05:30:00Z') });
    await job(t, owner, { startsAt: new Date('2026-11-01T20:00:00Z') }, worker); // to come
    // 11:30 PM CST: still today (at the summer offset it would be tomorrow); nobody on it.
    await job(t, owner, { startsAt: new Date('2026-11-02T05:30:00Z') });
    await job(t, owner, { startsAt: new Date('2026-11-01T18:00:00Z'), status: 'cancelled' });
    await job(t, owner, { startsAt: new Date('2026-11-01T18:00:00Z'), kind: 'task' }, worker);
    // 11:30 PM CDT on 31 October: yesterday.
    await job(t, owner, { startsAt: new Date('2026-11-01T04:30:00Z') }, worker);
    // Not on the schedule yet: unplanned.
    await job(t, owner, { startsAt: null });
    // The worker's coming visits: tomorrow and in a week; one beyond 14 days; another's.
    ids.tomorrow = await job(
      t,
      owner,
      { startsAt: new Date('2026-11-02T15:00:00Z'), title: 'Tomorrow' },
      worker,
    );
    ids.nextWeek = await job(
      t,
      owner,
      { startsAt: new Date('2026-11-08T15:00:00Z'), title: 'Next week' },
      worker,
    );
    await job(
      t,
      owner,
      { startsAt: new Date('2026-11-02T16:00:00Z'), status: 'cancelled' },
      worker,
    );
    await job(t, owner, { startsAt: new Date('2026-11-20T15:00:00Z') }, worker);
    await job(t, owner, { startsAt: new Date('2026-11-03T15:00:00Z') }, otherWorker);

    await request(t, owner, { type: 'estimate', status: 'unopened' });
    await request(t, owner, { type: 'estimate', status: 'unopened', expired: true });
    await request(t, owner, { type: 'quote', status: 'sent', amountCents: 9500 });
    await request(t, owner, { type: 'quote', status: 'viewed', proposal: true, amountCents: 5000 });
    await request(t, owner, { type: 'quote', status: 'accepted', amountCents: 7000 });

    const late = await invoice(t, owner, {
      issueDate: '2026-10-10',
      dueDate: '2026-10-20',
      totalCents: 10825,
      taxCents: 825,
      balanceCents: 5825,
      status: 'partially_paid',
    });
    await invoice(t, owner, {
      issueDate: '2026-11-01',
      dueDate: '2026-12-01',
      totalCents: 21650,
      taxCents: 1650,
      balanceCents: 21650,
      status: 'sent',
    });
    await t.app.db.insert(invoicePayments).values([
      {
        accountId: owner.accountId,
        invoiceId: late,
        method: 'cash',
        amountCents: 5000,
        tipCents: 500,
        paidOn: '2026-10-31',
      },
      // Refunded at 11:30 PM CDT on 31 October: October's, not this month's.
      {
        accountId: owner.accountId,
        invoiceId: late,
        method: 'cash',
        amountCents: 1000,
        paidOn: '2026-10-12',
        refundedAt: new Date('2026-11-01T04:30:00Z'),
      },
    ]);
    await t.app.db
      .insert(customers)
      .values({ accountId: owner.accountId, firstName: 'Home', lastName: 'Client' });
    // Time waiting for a manager: one week submitted (one approved is not), one correction asked.
    await t.app.db.insert(timesheets).values([
      {
        accountId: owner.accountId,
        employeeId: worker.employeeId,
        weekStart: '2026-10-25',
        status: 'submitted',
      },
      {
        accountId: owner.accountId,
        employeeId: otherWorker.employeeId,
        weekStart: '2026-10-25',
        status: 'approved',
      },
    ]);
    await t.app.db.insert(timeCorrections).values({
      accountId: owner.accountId,
      employeeId: otherWorker.employeeId,
      startedAt: new Date('2026-10-30T13:00:00Z'),
      endedAt: new Date('2026-10-30T21:00:00Z'),
      reason: 'Forgot to clock in',
    });
  });
  afterAll(() => t.close());

  const get = (user: SignedInUser, url: string) => asUser(t.app, user, { method: 'GET', url });

  it("when the owner opens the home, then today's visits are counted in the business's day and each tile links its list", async () => {
    const res = await get(owner, '/api/home/today');
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json();
    expect(home.date).toBe('2026-11-01');
    expect(home.timeZone).toBe('America/Chicago');
    expect(home.visits).toEqual({
      total: 6,
      done: {
        count: 1,
        link: {
          path: '/jobs',
          query: { from: '2026-11-01', to: '2026-11-01', status: 'completed' },
        },
      },
      inProgress: {
        count: 1,
        link: {
          path: '/jobs',
          query: { from: '2026-11-01', to: '2026-11-01', status: 'in_progress' },
        },
      },
      late: {
        count: 2,
        link: {
          path: '/jobs',
          query: { from: '2026-11-01', to: '2026-11-01', status: 'scheduled' },
        },
      },
      toCome: {
        count: 2,
        link: {
          path: '/jobs',
          query: { from: '2026-11-01', to: '2026-11-01', status: 'scheduled' },
        },
      },
      link: { path: '/schedule', query: { date: '2026-11-01' } },
    });
    // Nobody on the 00:30 and 11:30 PM visits, and one with no date.
    expect(home.unassigned).toEqual({
      count: 3,
      link: { path: '/jobs', query: { assigneeId: 'unassigned' } },
    });
    expect(home.requestsWaiting.count).toBe(1);
    expect(home.quotesWaiting).toMatchObject({ count: 2, sent: 1, viewed: 1, amountCents: 14500 });
    expect(home.timeToApprove).toEqual({
      count: 2,
      weeks: 1,
      corrections: 1,
      link: { path: '/time-tracking', query: {} },
    });
    expect(home.definitions.map((d: { id: string }) => d.id)).toContain('time_to_approve');
  });

  it('when the owner opens the money tiles, then overdue, owed and this month against last month come back', async () => {
    const res = await get(owner, '/api/home/money');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      today: '2026-11-01',
      overdue: {
        count: 1,
        amountCents: 5825,
        link: { path: '/invoices', query: { status: 'overdue' } },
      },
      outstanding: { count: 2, amountCents: 27475 },
      thisMonth: {
        from: '2026-11-01',
        to: '2026-11-01',
        invoicedCents: 20000,
        collectedCents: 0,
        tipsCents: 0,
      },
      // 5,000 and 1,000 paid, the 1,000 refunded on 31 October local time; tax left out of invoiced.
      lastMonth: {
        from: '2026-10-01',
        to: '2026-10-31',
        invoicedCents: 10000,
        collectedCents: 5000,
        tipsCents: 500,
      },
    });
  });

  it('when a new business opens the home, then no first step is done; a business with a contact, an estimate, a job and an invoice has done them all', async () => {
    const fresh = await ownerWithBusinessProfile(t.app);
    const empty = await get(fresh, '/api/home/getting-started');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({
      hasContact: false,
      hasEstimate: false,
      hasJob: false,
      hasInvoice: false,
      done: false,
    });
    // The fresh business sees none of the owner's work, money or visits.
    expect((await get(fresh, '/api/home/today')).json().visits.total).toBe(0);
    expect((await get(fresh, '/api/home/money')).json().overdue.count).toBe(0);
    const full = await get(owner, '/api/home/getting-started');
    expect(full.json()).toEqual({
      hasContact: true,
      hasEstimate: true,
      hasJob: true,
      hasInvoice: true,
      done: true,
    });
  });

  it("when a team member opens their home, then their next visits after today come back, not anyone else's", async () => {
    const res = await get(worker, '/api/home/my-next-visits');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.from).toBe('2026-11-02');
    expect(body.visits.map((v: { id: string }) => v.id)).toEqual([ids.tomorrow, ids.nextWeek]);
  });

  it('when a field worker or a sales person asks for the office tiles, then 403; a sales person has no visits', async () => {
    const sales = await colleagueOf(t.app, owner, 'sales_person');
    for (const url of ['/api/home/today', '/api/home/money', '/api/home/getting-started']) {
      expect((await get(worker, url)).statusCode, url).toBe(403);
      expect((await get(sales, url)).statusCode, url).toBe(403);
    }
    expect((await get(sales, '/api/home/my-next-visits')).statusCode).toBe(403);
    const manager = await colleagueOf(t.app, owner, 'business_manager');
    expect((await get(manager, '/api/home/money')).statusCode).toBe(200);
  });
});
