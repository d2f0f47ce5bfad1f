import type { RevenueReport } from '@crewdesk/domain';
import type { DrillTarget, ReportDefinition, ReportRange } from '../model/report-definition';
import { periodLabel } from '../model/period-label';

type Row = RevenueReport['rows'][number];
type Figure = 'invoiced' | 'collected' | 'refunds';

const FIGURE_TITLES: Record<Figure, string> = {
  invoiced: 'Invoices',
  collected: 'Payments',
  refunds: 'Refunds',
};

function rangeQuery(range: ReportRange | null): string {
  if (!range) return '';
  return new URLSearchParams({ from: range.from, to: range.to, groupBy: range.groupBy }).toString();
}

function drill(
  figure: Figure,
  from: string,
  to: string,
  when: string,
  count: number,
): DrillTarget | null {
  if (count === 0) return null;
  return {
    title: `${FIGURE_TITLES[figure]}, ${when}`,
    path: `/reports/revenue/rows?${new URLSearchParams({ from, to, figure }).toString()}`,
  };
}

/** GET /api/reports/revenue: invoiced (without tax) and collected (less refunds) by period. */
export const revenueReport: ReportDefinition<RevenueReport, Row> = {
  id: 'revenue',
  title: 'Revenue',
  description: 'Invoiced and collected by day, week or month.',
  ranged: true,
  fetchPath: (range) => `/reports/revenue?${rangeQuery(range)}`,
  csvPath: (range) => `/api/reports/revenue.csv?${rangeQuery(range)}`,
  rows: (answer) => answer.rows,
  rowKey: (row) => row.period,
  rowHeading: 'Period',
  rowLabel: (row, answer) => periodLabel(row.period, answer.groupBy),
  columns: [
    {
      id: 'invoiced',
      label: 'Invoiced',
      figure: 'revenue_invoiced',
      format: 'money',
      value: (row) => row.invoicedCents,
      drill: (row, range) =>
        drill(
          'invoiced',
          row.from,
          row.to,
          periodLabel(row.period, range?.groupBy ?? 'month'),
          row.invoiceCount,
        ),
    },
    {
      id: 'invoices',
      label: 'Invoices',
      format: 'count',
      value: (row) => row.invoiceCount,
      wide: true,
    },
    { id: 'tax', label: 'Tax', format: 'money', value: (row) => row.taxCents, wide: true },
    {
      id: 'collected',
      label: 'Collected',
      figure: 'revenue_collected',
      format: 'money',
      value: (row) => row.collectedCents,
      drill: (row, range) =>
        drill(
          'collected',
          row.from,
          row.to,
          periodLabel(row.period, range?.groupBy ?? 'month'),
          row.paymentCount,
        ),
    },
    {
      id: 'tips',
      label: 'Tips',
      figure: 'tips_collected',
      format: 'money',
      value: (row) => row.tipsCents,
      wide: true,
    },
    {
      id: 'refunds',
      label: 'Refunds',
      figure: 'refunds',
      format: 'money',
      value: (row) => row.refundedCents,
      drill: (row, range) =>
        drill(
          'refunds',
          row.from,
          row.to,
          periodLabel(row.period, range?.groupBy ?? 'month'),
          row.refundedCents === 0 ? 0 : 1,
        ),
      wide: true,
    },
  ],
  totals: (answer) => {
    const t = answer.totals;
    const all = 'whole range';
    return {
      values: {
        invoiced: t.invoicedCents,
        invoices: t.invoiceCount,
        tax: t.taxCents,
        collected: t.collectedCents,
        tips: t.tipsCents,
        refunds: t.refundedCents,
      },
      drills: {
        invoiced: drill('invoiced', answer.from, answer.to, all, t.invoiceCount),
        collected: drill('collected', answer.from, answer.to, all, t.paymentCount),
        refunds: drill('refunds', answer.from, answer.to, all, t.refundedCents === 0 ? 0 : 1),
      },
    };
  },
  chart: {
    title: 'Invoiced and collected',
    series: [
      { key: 'invoiced', label: 'Invoiced', color: '#0f766e' },
      { key: 'collected', label: 'Collected', color: '#1d4ed8' },
    ],
    points: (answer) =>
      answer.rows.map((row) => {
        const when = periodLabel(row.period, answer.groupBy);
        return {
          key: row.period,
          label: when,
          values: { invoiced: row.invoicedCents, collected: row.collectedCents },
          drills: {
            invoiced: drill('invoiced', row.from, row.to, when, row.invoiceCount),
            collected: drill('collected', row.from, row.to, when, row.paymentCount),
          },
        };
      }),
  },
  isEmpty: (answer) =>
    answer.totals.invoiceCount === 0 &&
    answer.totals.paymentCount === 0 &&
    answer.totals.refundedCents === 0,
  emptyTitle: 'No revenue in this range',
  emptyText:
    'No invoice was issued and no payment received between these dates. Try a wider range.',
  definitions: (answer) => answer.definitions,
};
