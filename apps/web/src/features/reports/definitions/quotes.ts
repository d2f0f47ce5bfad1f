import {
  type QuoteConversionReport,
  type QuoteCounts,
  type QuoteFigure,
  type QuoteRows,
} from '@crewdesk/domain';
import { formatDay } from '@/lib/format';
import type {
  BreakdownTable,
  DrillTarget,
  ReportColumn,
  ReportDefinition,
  ReportRange,
} from '../model/report-definition';
import { capitalize, periodOf, rangeQuery, rowsTarget, wholeRangeTotals } from './shared';
import { formatAmount } from '@/lib/money';

type Row = QuoteConversionReport['rows'][number];
type DrillRow = QuoteRows['rows'][number];

const FIGURES: readonly {
  figure: QuoteFigure;
  label: string;
  id: ReportColumn<QuoteCounts>['figure'];
}[] = [
  { figure: 'sent', label: 'Sent', id: 'quotes_sent' },
  { figure: 'viewed', label: 'Viewed', id: 'quotes_viewed' },
  { figure: 'accepted', label: 'Accepted', id: 'quotes_accepted' },
  { figure: 'declined', label: 'Declined', id: 'quotes_declined' },
  { figure: 'expired', label: 'Expired', id: 'quotes_expired' },
];

interface Scope {
  from: string;
  to: string;
  /** 'Nov 2026', 'whole range', 'Estimates', 'Ann Lee'. */
  what: string;
  category?: string;
  userId?: string;
}

function drill(figure: QuoteFigure, counts: QuoteCounts, scope: Scope): DrillTarget | null {
  return rowsTarget('quotes', `Quotes ${figure}, ${scope.what}`, counts[figure], {
    from: scope.from,
    to: scope.to,
    figure,
    category: scope.category,
    userId: scope.userId,
  });
}

const countColumns = (scopeOf: (row: QuoteCounts, range: ReportRange | null) => Scope) =>
  FIGURES.map(({ figure, label, id }): ReportColumn<QuoteCounts> => ({
    id: figure,
    label,
    figure: id,
    format: 'count',
    value: (row) => row[figure],
    drill: (row, range) => drill(figure, row, scopeOf(row, range)),
    wide: figure === 'viewed' || figure === 'expired',
  }));

const amountColumns: ReportColumn<QuoteCounts>[] = [
  { id: 'sentCents', label: 'Sent amount', format: 'money', value: (r) => r.sentCents, wide: true },
  { id: 'acceptedCents', label: 'Accepted amount', format: 'money', value: (r) => r.acceptedCents },
  {
    id: 'median',
    label: 'Median days to answer',
    figure: 'quote_days_to_answer',
    format: 'days',
    value: (r) => r.medianDaysToAnswer,
    wide: true,
  },
];

function valuesOf(counts: QuoteCounts): Record<string, number | null> {
  return {
    sent: counts.sent,
    viewed: counts.viewed,
    accepted: counts.accepted,
    declined: counts.declined,
    expired: counts.expired,
    sentCents: counts.sentCents,
    acceptedCents: counts.acceptedCents,
    median: counts.medianDaysToAnswer,
  };
}

function drillsOf(counts: QuoteCounts, scope: Scope): Record<string, DrillTarget | null> {
  return Object.fromEntries(FIGURES.map(({ figure }) => [figure, drill(figure, counts, scope)]));
}

const BREAKDOWN_COLUMNS: BreakdownTable['columns'] = [
  ...FIGURES.map(({ figure, label }) => ({
    id: figure,
    label,
    format: 'count' as const,
    wide: figure === 'viewed' || figure === 'expired',
  })),
  { id: 'acceptedCents', label: 'Accepted amount', format: 'money' },
];

/** GET /api/reports/quotes: requests sent in the range and what became of them. */
export const quotesReport: ReportDefinition<QuoteConversionReport, Row, DrillRow> = {
  id: 'quotes',
  title: 'Quote conversion',
  description: 'Quotes sent, accepted and declined, and how long clients take.',
  ranged: true,
  fetchPath: (range) => `/reports/quotes?${rangeQuery(range)}`,
  csvPath: (range) => `/api/reports/quotes.csv?${rangeQuery(range)}`,
  rows: (answer) => answer.rows,
  rowKey: (row) => row.period,
  rowHeading: 'Period',
  rowLabel: (row, answer) => periodOf(row.period, answer.groupBy),
  columns: [
    ...countColumns((row, range) => {
      const r = row as Row;
      return { from: r.from, to: r.to, what: periodOf(r.period, range?.groupBy) };
    }),
    ...amountColumns,
  ],
  totals: (answer) => wholeRangeTotals(answer, valuesOf, drillsOf),
  breakdowns: (answer) => {
    const all = { from: answer.from, to: answer.to };
    return [
      {
        id: 'by-category',
        title: 'By category',
        rowHeading: 'Category',
        columns: BREAKDOWN_COLUMNS,
        rows: answer.byCategory.map((c) => ({
          key: c.category,
          label: `${capitalize(c.category)}s`,
          values: valuesOf(c),
          drills: drillsOf(c, { ...all, what: `${c.category}s`, category: c.category }),
        })),
      },
      {
        id: 'by-sales-person',
        title: 'By sales person',
        rowHeading: 'Sales person',
        columns: BREAKDOWN_COLUMNS,
        rows: answer.bySalesPerson.map((p) => ({
          key: p.userId ?? 'none',
          label: p.name,
          values: valuesOf(p),
          drills: drillsOf(p, { ...all, what: p.name, userId: p.userId ?? 'none' }),
        })),
      },
    ];
  },
  chart: {
    title: 'Sent and accepted',
    format: 'count',
    series: [
      { key: 'sent', label: 'Sent', color: '#1d4ed8' },
      { key: 'accepted', label: 'Accepted', color: '#0f766e' },
      { key: 'declined', label: 'Declined', color: '#b45309' },
    ],
    points: (answer) =>
      answer.rows.map((row) => {
        const scope = { from: row.from, to: row.to, what: periodOf(row.period, answer.groupBy) };
        return {
          key: row.period,
          label: scope.what,
          values: { sent: row.sent, accepted: row.accepted, declined: row.declined },
          drills: {
            sent: drill('sent', row, scope),
            accepted: drill('accepted', row, scope),
            declined: drill('declined', row, scope),
          },
        };
      }),
  },
  isEmpty: (answer) => answer.totals.sent === 0,
  emptyTitle: 'No quotes sent in this range',
  emptyText: 'No estimate, quote or proposal was sent between these dates. Try a wider range.',
  drillRow: (row) => ({
    key: row.id,
    title: row.title,
    detail: `${row.clientName} · sent ${formatDay(row.sentOn)} · ${row.status} · ${row.salesPersonName}`,
    amount: formatAmount(row.amountCents),
    link: row.link,
  }),
  definitions: (answer) => answer.definitions,
};
