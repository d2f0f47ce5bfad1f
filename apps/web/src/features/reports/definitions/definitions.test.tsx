import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  figureDefinitions,
  type JobCounts,
  type JobRows,
  type JobsReport,
  type MarginFigures,
  type MarginReport,
  type MarginRows,
  type QuoteConversionReport,
  type QuoteCounts,
  type QuoteRows,
  type RevenueAheadReport,
  type RevenueAheadRows,
  type TeamHoursReport,
  type TeamHoursRows,
} from '@crewdesk/domain';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ReportsPage } from '../routes/reports-page';

const RANGE = 'from=2026-10-01&to=2026-11-25&groupBy=month';
const ID = '00000000-0000-4000-8000-0000000000a1';
const MEMBER = '00000000-0000-4000-8000-0000000000b1';
const link = (path: string) => ({ path, query: {} });

function open(path: string) {
  return renderRoute(<ReportsPage />, {
    me: makeMe({ role: 'manager' }),
    path,
    routePath: '/reports/:report',
  });
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('quote conversion report', () => {
  const counts = (sent: number, accepted: number): QuoteCounts => ({
    sent,
    viewed: sent,
    accepted,
    declined: 0,
    expired: 0,
    sentCents: sent * 10_000,
    acceptedCents: accepted * 10_000,
    medianDaysToAnswer: accepted ? 2.5 : null,
  });
  const answer: QuoteConversionReport = {
    from: '2026-10-01',
    to: '2026-11-25',
    groupBy: 'month',
    timeZone: 'UTC',
    rows: [
      {
        ...counts(2, 1),
        period: '2026-10-01',
        from: '2026-10-01',
        to: '2026-10-31',
        link: link('/reports/quotes'),
      },
      {
        ...counts(0, 0),
        period: '2026-11-01',
        from: '2026-11-01',
        to: '2026-11-25',
        link: link('/reports/quotes'),
      },
    ],
    byCategory: [{ ...counts(2, 1), category: 'estimate', link: link('/reports/quotes') }],
    bySalesPerson: [
      { ...counts(2, 1), userId: null, name: 'Request form', link: link('/reports/quotes') },
    ],
    totals: counts(2, 1),
    definitions: figureDefinitions(['quotes_sent', 'quotes_accepted', 'quote_days_to_answer']),
  };
  const rows: QuoteRows = {
    rows: [
      {
        id: ID,
        title: 'Deep clean',
        clientName: 'Ann Lee',
        category: 'estimate',
        sentOn: '2026-10-03',
        status: 'accepted',
        amountCents: 10_000,
        salesPersonName: 'Request form',
        link: link(`/quotes/${ID}`),
      },
    ],
    truncated: false,
  };

  it('when opened, then periods, totals, breakdowns and the CSV link show, and a figure opens its requests', async () => {
    const rowsGet = 'GET /api/reports/quotes/rows?from=2026-10-01&to=2026-10-31&figure=accepted';
    const api = mockApi({
      [`GET /api/reports/quotes?${RANGE}`]: () => ({ status: 200, body: answer }),
      [rowsGet]: () => ({ status: 200, body: rows }),
    });
    const user = userEvent.setup();
    open(`/reports/quotes?${RANGE}`);
    const table = await screen.findByRole('table', { name: 'Quote conversion' });
    expect(rowTexts(table)).toEqual([
      'PeriodSentViewedAcceptedDeclinedExpiredSent amountAccepted amountMedian days to answer',
      'Oct 202622100$200.00$100.002.5',
      'Nov 202600000$0.00$0.00—',
      'Total22100$200.00$100.002.5',
    ]);
    expect(rowTexts(screen.getByRole('table', { name: 'By category' }))[1]).toBe(
      'Estimates22100$100.00',
    );
    expect(screen.getByRole('table', { name: 'By sales person' })).toHaveTextContent(
      'Request form',
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/reports/quotes.csv?${RANGE}`,
    );
    expect(screen.getByText(/Median days to answer:/)).toBeVisible();
    // The request form's requests are asked for as userId=none.
    expect(
      within(screen.getByRole('table', { name: 'By sales person' })).getByRole('button', {
        name: 'Quotes sent, Request form: 2, show the rows',
      }),
    ).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Quotes accepted, Oct 2026: 1, show the rows' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Quotes accepted, Oct 2026' });
    expect(await within(dialog).findByRole('link', { name: /Deep clean/ })).toHaveAttribute(
      'href',
      `/quotes/${ID}`,
    );
    expect(api.calls.map((c) => c.key)).toContain(rowsGet);
  });

  it('when no sent quote was answered, then the total median reads as a dash, not 0.0', async () => {
    const unanswered = {
      ...answer,
      rows: answer.rows.map((r) => ({ ...r, ...counts(r.sent, 0) })),
      totals: counts(2, 0),
    };
    mockApi({ [`GET /api/reports/quotes?${RANGE}`]: () => ({ status: 200, body: unanswered }) });
    open(`/reports/quotes?${RANGE}`);
    const table = await screen.findByRole('table', { name: 'Quote conversion' });
    expect(rowTexts(table).at(-1)).toBe('Total22000$200.00$0.00—');
  });
});

describe('jobs report', () => {
  const counts = (visits: number, completed: number): JobCounts => ({
    visits,
    scheduled: visits - completed,
    onTheWay: 0,
    inProgress: 0,
    completed,
    cancelled: 0,
    onTime: completed,
    completedCents: completed * 15_000,
  });
  const answer: JobsReport = {
    from: '2026-10-01',
    to: '2026-11-25',
    groupBy: 'month',
    timeZone: 'UTC',
    rows: [
      {
        ...counts(3, 2),
        period: '2026-10-01',
        from: '2026-10-01',
        to: '2026-10-31',
        link: link('/jobs'),
      },
    ],
    byType: [{ ...counts(3, 2), type: 'cleaning', link: link('/jobs') }],
    byMember: [{ ...counts(3, 2), employeeId: MEMBER, name: 'Bo Diaz', link: link('/jobs') }],
    totals: counts(3, 2),
    definitions: figureDefinitions(['visits', 'visits_completed', 'visits_on_time']),
  };
  const rows: JobRows = {
    rows: [
      {
        id: ID,
        title: 'Window wash',
        clientName: 'Ann Lee',
        date: '2026-10-04',
        startsAt: '2026-10-04T09:00:00Z',
        type: 'cleaning',
        status: 'completed',
        priceCents: 15_000,
        onTime: true,
        link: link(`/jobs/${ID}`),
      },
    ],
    truncated: false,
  };

  it('when opened, then the table, totals and breakdowns show, and a member figure opens their visits', async () => {
    const rowsGet = `GET /api/reports/jobs/rows?from=2026-10-01&to=2026-11-25&employeeId=${MEMBER}&status=completed`;
    mockApi({
      [`GET /api/reports/jobs?${RANGE}`]: () => ({ status: 200, body: answer }),
      [rowsGet]: () => ({ status: 200, body: rows }),
    });
    const user = userEvent.setup();
    open(`/reports/jobs?${RANGE}`);
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(rowTexts(table)).toEqual([
      'PeriodVisitsScheduledOn the wayIn progressCompletedCancelledOn timeCompleted amount',
      'Oct 20263100202$300.00',
      'Total3100202$300.00',
    ]);
    expect(screen.getByRole('table', { name: 'By type' })).toHaveTextContent('Cleaning');
    const byMember = screen.getByRole('table', { name: 'By team member' });
    await user.click(
      within(byMember).getByRole('button', { name: 'Completed visits, Bo Diaz: 2, show the rows' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Completed visits, Bo Diaz' });
    expect(await within(dialog).findByRole('link', { name: /Window wash/ })).toHaveAttribute(
      'href',
      `/jobs/${ID}`,
    );
  });
});

describe('margin report', () => {
  const figures: MarginFigures = {
    visits: 2,
    priceCents: 40_000,
    labourMinutes: 150,
    labourCents: 10_000,
    unratedMinutes: 0,
    materialsCents: 5_000,
    marginCents: 25_000,
    marginPercent: 62.5,
    estimatedCostCents: 12_000,
    estimatedMarginCents: 28_000,
    untimedVisits: 0,
  };
  const answer: MarginReport = {
    from: '2026-10-01',
    to: '2026-11-25',
    groupBy: 'month',
    timeZone: 'UTC',
    rows: [
      {
        ...figures,
        period: '2026-10-01',
        from: '2026-10-01',
        to: '2026-10-31',
        link: link('/reports/margin'),
      },
    ],
    byType: [{ ...figures, type: 'maintenance', link: link('/reports/margin') }],
    totals: figures,
    definitions: figureDefinitions(['margin_actual', 'margin_estimated']),
  };
  const rows: MarginRows = {
    rows: [
      {
        ...figures,
        id: ID,
        title: 'Boiler service',
        clientName: 'Ann Lee',
        date: '2026-10-05',
        type: 'maintenance',
        estimateSource: 'planned',
        link: link(`/jobs/${ID}`),
      },
    ],
    truncated: false,
  };

  it('when opened, then hours, money and percent read right, and the margin total opens the visits', async () => {
    const rowsGet = 'GET /api/reports/margin/rows?from=2026-10-01&to=2026-11-25';
    mockApi({
      [`GET /api/reports/margin?${RANGE}`]: () => ({ status: 200, body: answer }),
      [rowsGet]: () => ({ status: 200, body: rows }),
    });
    const user = userEvent.setup();
    open(`/reports/margin?${RANGE}`);
    const table = await screen.findByRole('table', { name: 'Margin' });
    expect(rowTexts(table)[2]).toBe('Total2$400.002.50$100.00$50.00$250.0062.5%$120.00$280.00');
    expect(screen.getByRole('table', { name: 'By type' })).toHaveTextContent('Maintenance');
    await user.click(
      screen.getByRole('button', { name: 'Completed visits, whole range: $250.00, show the rows' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Completed visits, whole range' });
    expect(await within(dialog).findByRole('link', { name: /Boiler service/ })).toHaveAttribute(
      'href',
      `/jobs/${ID}`,
    );
  });
});

describe('team hours report', () => {
  const minutes = {
    workedMinutes: 2_700,
    regularMinutes: 2_400,
    overtimeMinutes: 300,
    visitMinutes: 1_800,
    travelMinutes: 300,
    otherMinutes: 600,
    breakMinutes: 90,
  };
  const answer: TeamHoursReport = {
    from: '2026-10-01',
    to: '2026-11-25',
    groupBy: 'month',
    timeZone: 'UTC',
    overtime: { weeklyMinutes: 2_400, dailyMinutes: null, weekStartsOn: 1 },
    rows: [
      {
        ...minutes,
        period: '2026-10-01',
        from: '2026-10-01',
        to: '2026-10-31',
        link: link('/time-tracking'),
      },
    ],
    byPerson: [{ ...minutes, employeeId: MEMBER, name: 'Bo Diaz', link: link('/time-tracking') }],
    totals: minutes,
    definitions: figureDefinitions(['hours_worked', 'hours_overtime']),
  };
  const rows: TeamHoursRows = {
    rows: [
      {
        id: ID,
        employeeId: MEMBER,
        name: 'Bo Diaz',
        kind: 'visit',
        workDate: '2026-10-06',
        startedAt: '2026-10-06T09:00:00Z',
        endedAt: '2026-10-06T11:00:00Z',
        minutes: 120,
        jobId: ID,
        link: {
          path: '/time-tracking',
          query: { from: '2026-10-06', to: '2026-10-06', employeeId: MEMBER },
        },
      },
    ],
    truncated: false,
  };

  it('when opened, then each person has their hours and a figure opens their entries', async () => {
    const rowsGet = `GET /api/reports/team-hours/rows?from=2026-10-01&to=2026-11-25&employeeId=${MEMBER}&kind=visit`;
    mockApi({
      [`GET /api/reports/team-hours?${RANGE}`]: () => ({ status: 200, body: answer }),
      [rowsGet]: () => ({ status: 200, body: rows }),
    });
    const user = userEvent.setup();
    open(`/reports/team-hours?${RANGE}`);
    const table = await screen.findByRole('table', { name: 'Team hours' });
    expect(rowTexts(table)).toEqual([
      'Team memberWorked hoursRegular hoursOvertime hoursVisit hoursTravel hoursOther hoursBreak hours',
      'Bo Diaz45.0040.005.0030.005.0010.001.50',
      'Total45.0040.005.0030.005.0010.001.50',
    ]);
    expect(screen.getByText(/Overtime after 40 hours a week/)).toBeVisible();
    await user.click(
      within(table).getByRole('button', { name: 'Visit timers, Bo Diaz: 30.00, show the rows' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Visit timers, Bo Diaz' });
    expect(
      await within(dialog).findByRole('link', { name: /Bo Diaz, visit timer/ }),
    ).toHaveAttribute('href', `/time-tracking?from=2026-10-06&to=2026-10-06&employeeId=${MEMBER}`);
  });
});

describe('revenue ahead report', () => {
  const answer: RevenueAheadReport = {
    today: '2026-11-25',
    timeZone: 'UTC',
    windows: [30, 90].map((days) => ({
      days,
      from: '2026-11-25',
      to: days === 30 ? '2026-12-24' : '2027-02-22',
      visitCount: days / 10,
      totalCents: days * 1_000,
      recurringCents: days * 600,
      oneTimeCents: days * 400,
      link: link('/jobs'),
    })),
    owed: {
      totalCents: 50_000,
      overdueCents: 20_000,
      invoiceCount: 2,
      link: link('/reports/receivables'),
    },
    definitions: figureDefinitions(['revenue_ahead', 'receivables']),
  };
  const rows: RevenueAheadRows = {
    rows: [
      {
        id: ID,
        title: 'Weekly clean',
        clientName: 'Ann Lee',
        date: '2026-11-27',
        startsAt: '2026-11-27T09:00:00Z',
        priceCents: 10_000,
        recurring: true,
        link: link(`/jobs/${ID}`),
      },
    ],
    truncated: false,
  };

  it('when opened, then the two windows and what is owed are lines with no range, and a window opens its visits', async () => {
    const api = mockApi({
      'GET /api/reports/revenue-ahead': () => ({ status: 200, body: answer }),
      'GET /api/reports/revenue-ahead/rows?days=90': () => ({ status: 200, body: rows }),
    });
    const user = userEvent.setup();
    open('/reports/revenue-ahead');
    const table = await screen.findByRole('table', { name: 'Revenue ahead' });
    expect(rowTexts(table)).toEqual([
      'WindowVisits / invoicesAmountRecurringOne-timeOverdue',
      'Next 30 days3$300.00$180.00$120.00—',
      'Next 90 days9$900.00$540.00$360.00—',
      'Owed today2$500.00——$200.00',
    ]);
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/reports/revenue-ahead.csv',
    );
    await user.click(
      screen.getByRole('button', { name: 'Visits of the next 90 days: $900.00, show the rows' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Visits of the next 90 days' });
    expect(await within(dialog).findByRole('link', { name: /Weekly clean/ })).toHaveAttribute(
      'href',
      `/jobs/${ID}`,
    );
    expect(api.calls.map((c) => c.key)).toContain('GET /api/reports/revenue-ahead/rows?days=90');
  });
});
