import { type RevenueAheadReport, type RevenueAheadRows } from '@crewdesk/domain';
import { formatDay } from '@/lib/format';
import type { ChartPoint, DrillTarget, ReportDefinition } from '../model/report-definition';
import { formatAmount } from '@/lib/money';

/** A line of the table: a window of the schedule (30 or 90 days), or what is owed today. */
interface Row {
  key: string;
  label: string;
  visits: number;
  scheduled: number;
  recurring: number | null;
  oneTime: number | null;
  overdue: number | null;
  target: DrillTarget | null;
}
type DrillRow = RevenueAheadRows['rows'][number];

function rowsOf(answer: RevenueAheadReport): Row[] {
  return [
    ...answer.windows.map((w) => ({
      key: `next-${w.days}`,
      label: `Next ${w.days} days`,
      visits: w.visitCount,
      scheduled: w.totalCents,
      recurring: w.recurringCents,
      oneTime: w.oneTimeCents,
      overdue: null,
      target:
        w.visitCount > 0
          ? {
              title: `Visits of the next ${w.days} days`,
              path: `/reports/revenue-ahead/rows?days=${w.days}`,
            }
          : null,
    })),
    {
      key: 'owed',
      label: 'Owed today',
      visits: answer.owed.invoiceCount,
      scheduled: answer.owed.totalCents,
      recurring: null,
      oneTime: null,
      overdue: answer.owed.overdueCents,
      // What is owed opens the receivables' open invoices (the server's own link).
      target:
        answer.owed.invoiceCount > 0
          ? { title: 'Open invoices', path: '/reports/receivables/rows' }
          : null,
    },
  ];
}

/**
 * GET /api/reports/revenue-ahead: not a period series but two windows of the schedule, which
 * overlap (30 days are inside 90), and what is owed beside them. So no range and no totals row:
 * the table has one line per window and one for what is owed, as the CSV has.
 */
export const revenueAheadReport: ReportDefinition<RevenueAheadReport, Row, DrillRow> = {
  id: 'revenue-ahead',
  title: 'Revenue ahead',
  description: 'The price of the work already on the schedule, beside what is owed today.',
  ranged: false,
  fetchPath: () => '/reports/revenue-ahead',
  csvPath: () => '/api/reports/revenue-ahead.csv',
  rows: rowsOf,
  rowKey: (row) => row.key,
  rowHeading: 'Window',
  rowLabel: (row) => row.label,
  columns: [
    {
      id: 'visits',
      label: 'Visits / invoices',
      format: 'count',
      value: (row) => row.visits,
      drill: (row) => row.target,
    },
    {
      id: 'scheduled',
      label: 'Amount',
      figure: 'revenue_ahead',
      format: 'money',
      value: (row) => row.scheduled,
      drill: (row) => row.target,
    },
    { id: 'recurring', label: 'Recurring', format: 'money', value: (row) => row.recurring },
    { id: 'oneTime', label: 'One-time', format: 'money', value: (row) => row.oneTime, wide: true },
    { id: 'overdue', label: 'Overdue', format: 'money', value: (row) => row.overdue, wide: true },
  ],
  chart: {
    title: 'On the schedule and owed',
    stacked: true,
    series: [
      { key: 'recurring', label: 'Recurring', color: '#0f766e' },
      { key: 'oneTime', label: 'One-time', color: '#1d4ed8' },
      { key: 'owed', label: 'Owed', color: '#b45309' },
    ],
    points: (answer) =>
      rowsOf(answer).map((row): ChartPoint => ({
        key: row.key,
        label: row.label,
        values:
          row.key === 'owed'
            ? { recurring: 0, oneTime: 0, owed: row.scheduled }
            : { recurring: row.recurring ?? 0, oneTime: row.oneTime ?? 0, owed: 0 },
        drills:
          row.key === 'owed'
            ? { recurring: null, oneTime: null, owed: row.target }
            : { recurring: row.target, oneTime: row.target, owed: null },
      })),
  },
  isEmpty: (answer) =>
    answer.windows.every((w) => w.visitCount === 0) && answer.owed.invoiceCount === 0,
  emptyTitle: 'Nothing on the schedule and nothing owed',
  emptyText: 'No visit is booked for the next 90 days and no invoice is open.',
  note: (answer) => `As of ${formatDay(answer.today)}. The 30 days are inside the 90.`,
  drillRow: (raw) => {
    // Both windows' visits and the receivables' invoices come through this dialog.
    if ('invoiceNumber' in (raw as object)) {
      const inv = raw as unknown as {
        id: string;
        invoiceNumber: string;
        clientName: string;
        date: string;
        amountCents: number;
        link: DrillRow['link'];
      };
      return {
        key: inv.id,
        title: inv.invoiceNumber,
        detail: `${inv.clientName} · ${formatDay(inv.date)}`,
        amount: formatAmount(inv.amountCents),
        link: inv.link,
      };
    }
    return {
      key: raw.id,
      title: raw.title,
      detail: `${raw.clientName} · ${formatDay(raw.date)}${raw.recurring ? ' · recurring' : ''}`,
      amount: formatAmount(raw.priceCents),
      link: raw.link,
    };
  },
  definitions: (answer) => answer.definitions,
};
