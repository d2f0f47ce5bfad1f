import { REPORT_RANGE_MESSAGES } from '@crewdesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { eq } from 'drizzle-orm';
import { customers, invoicePayments, invoices } from '../../db/schema/index.ts';

// The business is in Chicago: summer time ends on Sunday 1 November 2026 at 2:00 AM CDT
// (07:00Z), so that day has 25 hours, and it is also the first day of a month.
const NOW = new Date('2026-11-01T17:00:00Z'); // 11:00 AM CST

let numbers = 0;

/** An invoice written straight to the table: the figures are the report's input. */
async function invoice(
  t: TestApp,
  owner: SignedInUser,
  values: {
    issueDate: string;
    totalCents: number;
    taxCents: number;
    status: 'draft' | 'sent' | 'partially_paid' | 'paid' | 'void';
    dueDate?: string;
    balanceCents?: number;
  },
) {
  numbers += 1;
  const [row] = await t.app.db
    .insert(invoices)
    .values({
      accountId: owner.accountId,
      number: numbers,
      numberText: `INV-${numbers}`,
      clientName: 'Report Client',
      issueDate: values.issueDate,
      paymentTerms: 'net_30',
      dueDate: values.dueDate ?? '2026-12-31',
      lineItems: [],
      subtotalCents: values.totalCents - values.taxCents,
      discountCents: 0,
      taxCents: values.taxCents,
      totalCents: values.totalCents,
      balanceCents: values.balanceCents ?? values.totalCents,
      status: values.status,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

async function payment(
  t: TestApp,
  owner: SignedInUser,
  invoiceId: string,
  values: { paidOn: string; amountCents: number; tipCents?: number; refundedAt?: string },
) {
  const [row] = await t.app.db
    .insert(invoicePayments)
    .values({
      accountId: owner.accountId,
      invoiceId,
      method: 'cash',
      amountCents: values.amountCents,
      tipCents: values.tipCents ?? 0,
      paidOn: values.paidOn,
      refundedAt: values.refundedAt ? new Date(values.refundedAt) : null,
    })
    .returning({ id: invoicePayments.id });
  return row!.id;
}

/**
 * The fixed data set: an October and a November invoice (tax apart), a void and a draft one,
 * a partial payment, tips, a refund on 31 October late in the evening (already 1 November in
 * UTC), and one on 1 November after the clocks went back (already 2 November at the old offset).
 */
async function revenueDataSet(t: TestApp, owner: SignedInUser) {
  const october = await invoice(t, owner, {
    issueDate: '2026-10-31',
    totalCents: 10825,
    taxCents: 825,
    status: 'partially_paid',
    dueDate: '2026-10-20',
    balanceCents: 5825,
  });
  const november = await invoice(t, owner, {
    issueDate: '2026-11-01',
    totalCents: 21650,
    taxCents: 1650,
    status: 'partially_paid',
    dueDate: '2026-12-01',
    balanceCents: 13650,
  });
  const voided = await invoice(t, owner, {
    issueDate: '2026-11-02',
    totalCents: 5000,
    taxCents: 0,
    status: 'void',
  });
  await invoice(t, owner, {
    issueDate: '2026-11-01',
    totalCents: 9999,
    taxCents: 0,
    status: 'draft',
  });
  const ids = {
    october,
    november,
    p1: await payment(t, owner, october, {
      paidOn: '2026-10-31',
      amountCents: 5000,
      tipCents: 500,
    }),
    // Refunded at 11:30 PM CDT on 31 October.
    p3: await payment(t, owner, october, {
      paidOn: '2026-10-30',
      amountCents: 3000,
      tipCents: 300,
      refundedAt: '2026-11-01T04:30:00Z',
    }),
    // Refunded at 11:30 PM CST on 1 November (at the summer offset it would be 2 November).
    p6: await payment(t, owner, november, {
      paidOn: '2026-10-31',
      amountCents: 700,
      refundedAt: '2026-11-02T05:30:00Z',
    }),
    p2: await payment(t, owner, november, { paidOn: '2026-11-01', amountCents: 8000 }),
    // Refunded at 1:30 AM CDT on 1 November, before the clocks went back.
    p4: await payment(t, owner, november, {
      paidOn: '2026-11-01',
      amountCents: 2000,
      tipCents: 200,
      refundedAt: '2026-11-01T06:30:00Z',
    }),
    // Money taken on an invoice voided since: it was received, so it counts as collected.
    p5: await payment(t, owner, voided, { paidOn: '2026-11-02', amountCents: 1000 }),
  };
  return ids;
}

describe('reports', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let data: Awaited<ReturnType<typeof revenueDataSet>>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    data = await revenueDataSet(t, owner);
    // Another business's money on the same days must never show.
    const stranger = await ownerWithBusinessProfile(t.app);
    const theirs = await invoice(t, stranger, {
      issueDate: '2026-10-31',
      totalCents: 99900,
      taxCents: 0,
      status: 'sent',
    });
    await payment(t, stranger, theirs, { paidOn: '2026-11-01', amountCents: 77700, tipCents: 10 });
  });
  afterAll(() => t.close());

  const get = (user: SignedInUser, url: string) => asUser(t.app, user, { method: 'GET', url });

  describe('GET /api/reports/revenue', () => {
    it('when grouped by month across the month end, then invoiced leaves out tax, drafts and voids, and collected is payments less refunds by the business’s date', async () => {
      const res = await get(
        owner,
        '/api/reports/revenue?from=2026-10-01&to=2026-11-30&groupBy=month',
      );
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({
        from: '2026-10-01',
        to: '2026-11-30',
        groupBy: 'month',
        timeZone: 'America/Chicago',
      });
      expect(report.rows).toEqual([
        {
          period: '2026-10-01',
          from: '2026-10-01',
          to: '2026-10-31',
          invoicedCents: 10000,
          invoiceCount: 1,
          taxCents: 825,
          collectedCents: 5700,
          paymentCount: 3,
          tipsCents: 500,
          refundedCents: 3000,
          invoicesLink: { path: '/invoices', query: { from: '2026-10-01', to: '2026-10-31' } },
          paymentsLink: {
            path: '/invoices/payments',
            query: { from: '2026-10-01', to: '2026-10-31' },
          },
        },
        {
          period: '2026-11-01',
          from: '2026-11-01',
          to: '2026-11-30',
          invoicedCents: 20000,
          invoiceCount: 1,
          taxCents: 1650,
          collectedCents: 8300,
          paymentCount: 3,
          tipsCents: 0,
          refundedCents: 2700,
          invoicesLink: { path: '/invoices', query: { from: '2026-11-01', to: '2026-11-30' } },
          paymentsLink: {
            path: '/invoices/payments',
            query: { from: '2026-11-01', to: '2026-11-30' },
          },
        },
      ]);
      expect(report.totals).toEqual({
        invoicedCents: 30000,
        invoiceCount: 2,
        taxCents: 2475,
        collectedCents: 14000,
        paymentCount: 6,
        tipsCents: 500,
        refundedCents: 5700,
      });
      expect(report.definitions.map((d: { id: string }) => d.id)).toEqual([
        'revenue_invoiced',
        'revenue_collected',
        'tips_collected',
        'refunds',
      ]);
    });

    it('when grouped by day over the 25-hour day, then each refund lands on its local date and empty days are zero', async () => {
      const res = await get(
        owner,
        '/api/reports/revenue?from=2026-10-30&to=2026-11-03&groupBy=day',
      );
      expect(res.statusCode, res.body).toBe(200);
      const pick = (r: Record<string, unknown>) => [
        r.period,
        r.invoicedCents,
        r.collectedCents,
        r.tipsCents,
        r.refundedCents,
        r.paymentCount,
      ];
      expect(res.json().rows.map(pick)).toEqual([
        ['2026-10-30', 0, 3000, 300, 0, 1],
        ['2026-10-31', 10000, 2700, 200, 3000, 2],
        ['2026-11-01', 20000, 7300, 0, 2700, 2],
        ['2026-11-02', 0, 1000, 0, 0, 1],
        ['2026-11-03', 0, 0, 0, 0, 0],
      ]);
    });

    it('when grouped by week, then the ISO week across the month end is one bar, clipped to the range', async () => {
      const res = await get(
        owner,
        '/api/reports/revenue?from=2026-10-30&to=2026-11-02&groupBy=week',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res
          .json()
          .rows.map((r: Record<string, unknown>) => [r.period, r.from, r.to, r.collectedCents]),
      ).toEqual([
        ['2026-10-26', '2026-10-30', '2026-11-01', 13000],
        ['2026-11-02', '2026-11-02', '2026-11-02', 1000],
      ]);
    });

    it.each([
      ['from=2026-11-30&to=2026-10-01', REPORT_RANGE_MESSAGES.inverted],
      ['from=2016-01-01&to=2025-12-31&groupBy=month', REPORT_RANGE_MESSAGES.tooLong],
      ['from=2026-01-01&to=2026-02-01&groupBy=year', 'groupBy must be one of day, week, month'],
      ['from=2025-01-01&to=2026-06-01&groupBy=day', REPORT_RANGE_MESSAGES.tooManyDays],
      ['from=yesterday&to=2026-02-01', 'from must be YYYY-MM-DD'],
      ['to=2026-02-01', 'from'],
    ])('when the query is %s, then 400 says what is wrong', async (query, message) => {
      const res = await get(owner, `/api/reports/revenue?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    });

    it('when a team member or a sales person asks, then 403', async () => {
      for (const role of ['team_member', 'sales_person', 'team_leader'] as const) {
        const member = await colleagueOf(t.app, owner, role);
        const res = await get(member, '/api/reports/revenue?from=2026-10-01&to=2026-11-30');
        expect(res.statusCode, role).toBe(403);
      }
    });

    it('when a manager asks, then the same figures come back', async () => {
      const manager = await colleagueOf(t.app, owner, 'business_manager');
      const res = await get(manager, '/api/reports/revenue?from=2026-10-01&to=2026-11-30');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().totals.collectedCents).toBe(14000);
    });
  });

  describe('GET /api/reports/revenue/rows', () => {
    it('when a day’s refunds are opened, then the refunded payments of that local date come back with links', async () => {
      const res = await get(
        owner,
        '/api/reports/revenue/rows?from=2026-11-01&to=2026-11-01&figure=refunds',
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.truncated).toBe(false);
      expect(body.rows.map((r: { id: string }) => r.id).sort()).toEqual([data.p4, data.p6].sort());
      expect(body.rows.find((r: { id: string }) => r.id === data.p4)).toMatchObject({
        kind: 'payment',
        invoiceId: data.november,
        date: '2026-11-01',
        amountCents: 2000,
        tipCents: 200,
        link: { path: `/invoices/payments/${data.p4}`, query: {} },
      });
    });

    it('when a month’s invoiced figure is opened, then its issued invoices come back, and a limit cuts the list', async () => {
      const res = await get(
        owner,
        '/api/reports/revenue/rows?from=2026-10-01&to=2026-11-30&figure=invoiced',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().rows.map((r: { id: string; amountCents: number }) => [r.id, r.amountCents]),
      ).toEqual([
        [data.october, 10000],
        [data.november, 20000],
      ]);
      const cut = await get(
        owner,
        '/api/reports/revenue/rows?from=2026-10-01&to=2026-11-30&figure=collected&limit=2',
      );
      expect(cut.json().rows).toHaveLength(2);
      expect(cut.json().rows[0].id).toBe(data.p3); // paid 30 October, the first
      expect(cut.json().truncated).toBe(true);
    });

    it('when the figure or the range is wrong, then 400; a field worker gets 403', async () => {
      expect(
        (await get(owner, '/api/reports/revenue/rows?from=2026-10-01&to=2026-11-30&figure=profit'))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await get(
            owner,
            '/api/reports/revenue/rows?from=2026-10-01&to=2026-11-30&figure=invoiced&limit=501',
          )
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await get(
            owner,
            '/api/reports/revenue/rows?from=2026-12-01&to=2026-11-30&figure=invoiced',
          )
        ).statusCode,
      ).toBe(400);
      const member = await colleagueOf(t.app, owner, 'team_member');
      expect(
        (
          await get(
            member,
            '/api/reports/revenue/rows?from=2026-10-01&to=2026-11-30&figure=invoiced',
          )
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('GET /api/reports/receivables', () => {
    let contactId: string;
    const due: Record<string, string> = {};
    beforeAll(async () => {
      const [contact] = await t.app.db
        .insert(customers)
        .values({ accountId: owner.accountId, firstName: 'Ageing', lastName: 'Client' })
        .returning({ id: customers.id });
      contactId = contact!.id;
      const owed = async (
        dueDate: string,
        balanceCents: number,
        status: 'sent' | 'paid' | 'void' | 'draft',
      ) => {
        const id = await invoice(t, owner, {
          issueDate: '2026-06-01',
          dueDate,
          totalCents: balanceCents,
          taxCents: 0,
          balanceCents,
          status,
        });
        await t.app.db
          .update(invoices)
          .set({ customerId: contactId, clientName: 'Ageing Client' })
          .where(eq(invoices.id, id));
        return id;
      };
      // Today is 1 November: 30 days late is 1–30, 31 is 31–60, 90 is 61–90, 91 is 90+.
      due.d30 = await owed('2026-10-02', 1000, 'sent');
      due.d31 = await owed('2026-10-01', 2000, 'sent');
      due.d90 = await owed('2026-08-03', 3000, 'sent');
      due.d91 = await owed('2026-08-02', 4000, 'sent');
      await owed('2026-01-01', 500, 'paid');
      await owed('2026-01-01', 600, 'void');
      await owed('2026-01-01', 700, 'draft');
    });

    it('when the owner opens the ageing, then open balances are bucketed by days past due on the business’s today, largest client first', async () => {
      const res = await get(owner, '/api/reports/receivables');
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report.today).toBe('2026-11-01');
      expect(report.truncated).toBe(false);
      expect(report.rows).toEqual([
        {
          customerId: null,
          clientName: 'Report Client',
          buckets: { current: 13650, '1-30': 5825, '31-60': 0, '61-90': 0, '90+': 0 },
          totalCents: 19475,
          invoiceCount: 2,
          link: { path: '/invoices', query: { q: 'Report Client' } },
        },
        {
          customerId: contactId,
          clientName: 'Ageing Client',
          buckets: { current: 0, '1-30': 1000, '31-60': 2000, '61-90': 3000, '90+': 4000 },
          totalCents: 10000,
          invoiceCount: 4,
          link: { path: '/invoices', query: { customerId: contactId } },
        },
      ]);
      expect(report.totals).toEqual({
        buckets: { current: 13650, '1-30': 6825, '31-60': 2000, '61-90': 3000, '90+': 4000 },
        totalCents: 29475,
        invoiceCount: 6,
      });
    });

    it('when a bucket or a client is opened, then its open invoices come back, most overdue first', async () => {
      const bucket = await get(owner, '/api/reports/receivables/rows?bucket=31-60');
      expect(bucket.statusCode, bucket.body).toBe(200);
      expect(bucket.json().rows.map((r: { id: string }) => r.id)).toEqual([due.d31]);
      const client = await get(owner, `/api/reports/receivables/rows?customerId=${contactId}`);
      expect(
        client.json().rows.map((r: { id: string; amountCents: number }) => [r.id, r.amountCents]),
      ).toEqual([
        [due.d91, 4000],
        [due.d90, 3000],
        [due.d31, 2000],
        [due.d30, 1000],
      ]);
    });

    it("when another business's contact is named, then 404; a bad bucket is 400; a team member 403", async () => {
      const stranger = await ownerWithBusinessProfile(t.app);
      const [theirs] = await t.app.db
        .insert(customers)
        .values({ accountId: stranger.accountId, firstName: 'Their', lastName: 'Client' })
        .returning({ id: customers.id });
      expect(
        (await get(owner, `/api/reports/receivables/rows?customerId=${theirs!.id}`)).statusCode,
      ).toBe(404);
      expect((await get(owner, '/api/reports/receivables/rows?bucket=120+')).statusCode).toBe(400);
      expect((await get(owner, '/api/reports/receivables/rows?customerId=nope')).statusCode).toBe(
        400,
      );
      const member = await colleagueOf(t.app, owner, 'team_member');
      expect((await get(member, '/api/reports/receivables')).statusCode).toBe(403);
    });
  });
});
