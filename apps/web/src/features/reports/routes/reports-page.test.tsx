import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  figureDefinitions,
  type ReceivablesReport,
  type ReportSourceRows,
  type RevenueReport,
} from '@crewdesk/domain';
import { makeMe, mockApi, OWNED_ACCOUNT, renderRoute } from '@/test/utils';
import { defaultRange, ReportsPage } from './reports-page';

const INVOICE = '00000000-0000-4000-8000-0000000000a1';
const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';

function revenueRow(period: string, to: string, invoicedCents: number, collectedCents: number) {
  return {
    period,
    from: period,
    to,
    invoicedCents,
    invoiceCount: invoicedCents === 0 ? 0 : 2,
    taxCents: Math.round(invoicedCents / 10),
    collectedCents,
    paymentCount: collectedCents === 0 ? 0 : 1,
    tipsCents: 0,
    refundedCents: 0,
    invoicesLink: { path: '/invoices', query: { from: period, to } },
    paymentsLink: { path: '/invoices/payments', query: { from: period, to } },
  };
}

const REVENUE: RevenueReport = {
  from: '2026-10-01',
  to: '2026-11-25',
  groupBy: 'month',
  timeZone: 'UTC',
  rows: [
    revenueRow('2026-10-01', '2026-10-31', 100_000, 50_000),
    revenueRow('2026-11-01', '2026-11-25', 250_000, 0),
  ],
  totals: {
    invoicedCents: 350_000,
    invoiceCount: 4,
    taxCents: 35_000,
    collectedCents: 50_000,
    paymentCount: 1,
    tipsCents: 0,
    refundedCents: 0,
  },
  definitions: figureDefinitions([
    'revenue_invoiced',
    'revenue_collected',
    'tips_collected',
    'refunds',
  ]),
};

const EMPTY_REVENUE: RevenueReport = {
  ...REVENUE,
  rows: [revenueRow('2026-10-01', '2026-10-31', 0, 0)],
  totals: {
    ...REVENUE.totals,
    invoicedCents: 0,
    invoiceCount: 0,
    taxCents: 0,
    collectedCents: 0,
    paymentCount: 0,
  },
};

const ROWS: ReportSourceRows = {
  rows: [
    {
      kind: 'invoice',
      id: INVOICE,
      invoiceId: INVOICE,
      invoiceNumber: 'INV-0007',
      clientName: 'Ann Lee',
      date: '2026-11-03',
      amountCents: 250_000,
      tipCents: 0,
      link: { path: `/invoices/${INVOICE}`, query: {} },
    },
  ],
  truncated: false,
};

const RANGE = 'from=2026-10-01&to=2026-11-25&groupBy=month';
const REVENUE_GET = `GET /api/reports/revenue?${RANGE}`;
const NOV_INVOICES = 'GET /api/reports/revenue/rows?from=2026-11-01&to=2026-11-25&figure=invoiced';

function openReports(path: string, timeZone?: string) {
  return renderRoute(<ReportsPage />, {
    me: makeMe({
      role: 'manager',
      ...(timeZone ? { accounts: [{ ...OWNED_ACCOUNT, time_zone: timeZone }] } : {}),
    }),
    path,
    routePath: path.startsWith('/reports/') ? '/reports/:report' : '/reports',
  });
}

describe('ReportsPage', () => {
  it('when the range is in the address, then the revenue report asks for it and lists the periods with totals and definitions', async () => {
    const api = mockApi({ [REVENUE_GET]: () => ({ status: 200, body: REVENUE }) });
    openReports(`/reports/revenue?${RANGE}`);

    const table = await screen.findByRole('table', { name: 'Revenue' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'PeriodInvoicedInvoicesTaxCollectedTipsRefunds',
      'Oct 2026$1,000.002$100.00$500.00$0.00$0.00',
      'Nov 2026$2,500.002$250.00$0.00$0.00$0.00',
      'Total$3,500.004$350.00$500.00$0.00$0.00',
    ]);
    expect(screen.getByText(/excludes tax, tips, drafts and void invoices/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/reports/revenue.csv?${RANGE}`,
    );
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    expect(screen.getByRole('combobox', { name: 'Group by' })).toHaveValue('month');
    expect(api.calls.map((c) => c.key)).toEqual([REVENUE_GET]);
  });

  it('when a figure of the table is pressed, then the rows behind it open, each linking to its invoice', async () => {
    const api = mockApi({
      [REVENUE_GET]: () => ({ status: 200, body: REVENUE }),
      [NOV_INVOICES]: () => ({ status: 200, body: ROWS }),
    });
    const user = userEvent.setup();
    openReports(`/reports/revenue?${RANGE}`);

    await user.click(
      await screen.findByRole('button', { name: 'Invoices, Nov 2026: $2,500.00, show the rows' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invoices, Nov 2026' });
    const link = await within(dialog).findByRole('link', { name: /INV-0007/ });
    expect(link).toHaveAttribute('href', `/invoices/${INVOICE}`);
    expect(link).toHaveTextContent('Ann Lee · Nov 3, 2026');
    expect(api.calls.map((c) => c.key)).toContain(NOV_INVOICES);
    // A zero has nothing behind it: plain text, not a button.
    expect(screen.queryByRole('button', { name: /Payments, Nov 2026/ })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The totals open the whole range's rows.
    expect(
      screen.getByRole('button', { name: 'Payments, whole range: $500.00, show the rows' }),
    ).toBeVisible();
  });

  it('when the grouping changes, then the address keeps it and the report asks again', async () => {
    const byWeek = 'from=2026-10-01&to=2026-11-25&groupBy=week';
    const api = mockApi({
      [REVENUE_GET]: () => ({ status: 200, body: REVENUE }),
      [`GET /api/reports/revenue?${byWeek}`]: () => ({
        status: 200,
        body: { ...REVENUE, groupBy: 'week' },
      }),
    });
    const user = userEvent.setup();
    const { router } = openReports(`/reports/revenue?${RANGE}`);
    await screen.findByRole('table', { name: 'Revenue' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'week');
    expect(router.state.location.search).toBe(`?${byWeek}`);
    expect(await screen.findByText('Week of Oct 1')).toBeVisible();
    expect(api.calls.map((c) => c.key)).toContain(`GET /api/reports/revenue?${byWeek}`);
  });

  it('when the range is the wrong way round, then it says so and asks nothing', async () => {
    const api = mockApi({});
    openReports('/reports/revenue?from=2026-11-25&to=2026-10-01&groupBy=month');
    expect(
      await screen.findByText('The start date must be on or before the end date.'),
    ).toBeVisible();
    expect(api.calls).toEqual([]);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('when nothing happened in the range, then the report says so', async () => {
    mockApi({ [REVENUE_GET]: () => ({ status: 200, body: EMPTY_REVENUE }) });
    openReports(`/reports/revenue?${RANGE}`);
    expect(await screen.findByRole('heading', { name: 'No revenue in this range' })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('when the report fails, then it says so and Try again asks again', async () => {
    let fail = true;
    mockApi({
      [REVENUE_GET]: () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: '' } }
          : { status: 200, body: REVENUE },
    });
    const user = userEvent.setup();
    openReports(`/reports/revenue?${RANGE}`);
    expect(await screen.findByText('Could not load the revenue report')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Revenue' })).toBeVisible();
  });

  it('when /reports is opened bare, then revenue shows for the last six months by month to the business’s today, and every report is in the picker', async () => {
    // 8 p.m. on 25 November in Chicago, where the business is: already the 26th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T02:00:00.000Z'));
    const path = `GET /api/reports/revenue?from=2026-06-01&to=2026-11-25&groupBy=month`;
    mockApi({ [path]: () => ({ status: 200, body: REVENUE }) });
    openReports('/reports', 'America/Chicago');
    await screen.findByRole('table', { name: 'Revenue' });
    vi.useRealTimers();
    const picker = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(picker).getByRole('link', { name: 'Revenue' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(picker).getByRole('link', { name: 'Receivables ageing' })).toHaveAttribute(
      'href',
      '/reports/receivables',
    );
    expect(
      within(picker)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual([
      '/reports/revenue',
      '/reports/receivables',
      '/reports/revenue-ahead',
      '/reports/quotes',
      '/reports/jobs',
      '/reports/margin',
      '/reports/team-hours',
    ]);
    expect(within(picker).queryByText('Coming soon')).not.toBeInTheDocument();
    expect(defaultRange('2026-11-25')).toEqual({
      from: '2026-06-01',
      to: '2026-11-25',
      groupBy: 'month',
    });
  });

  it('when receivables open, then there is no range, the buckets show per client and a bucket opens its invoices', async () => {
    const buckets = { current: 10_000, '1-30': 20_000, '31-60': 0, '61-90': 0, '90+': 5_000 };
    const report: ReceivablesReport = {
      today: '2026-11-25',
      timeZone: 'UTC',
      rows: [
        {
          customerId: CUSTOMER,
          clientName: 'Ann Lee',
          buckets,
          totalCents: 35_000,
          invoiceCount: 3,
          link: { path: '/invoices', query: { customerId: CUSTOMER } },
        },
      ],
      truncated: false,
      totals: { buckets, totalCents: 35_000, invoiceCount: 3 },
      definitions: figureDefinitions(['receivables']),
    };
    const rowsPath = `GET /api/reports/receivables/rows?bucket=1-30&customerId=${CUSTOMER}`;
    mockApi({
      'GET /api/reports/receivables': () => ({ status: 200, body: report }),
      [rowsPath]: () => ({ status: 200, body: ROWS }),
    });
    const user = userEvent.setup();
    openReports('/reports/receivables');
    const table = await screen.findByRole('table', { name: 'Receivables ageing' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Ann Lee$100.00$200.00$0.00$0.00$50.00$350.00',
    );
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    expect(screen.getByText(/As of Nov 25, 2026/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/reports/receivables.csv',
    );
    await user.click(
      screen.getByRole('button', { name: 'Ann Lee, 1–30 days: $200.00, show the rows' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Ann Lee, 1–30 days' })).toBeVisible();
    expect(await screen.findByRole('link', { name: /INV-0007/ })).toBeVisible();
  });
});
