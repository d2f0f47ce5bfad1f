import { type MarginFigures, type MarginReport, type MarginRows } from '@crewdesk/domain';
import { formatDay } from '@/lib/format';
import { formatValue } from '../model/format-value';
import type {
  BreakdownTable,
  DrillTarget,
  ReportColumn,
  ReportDefinition,
} from '../model/report-definition';
import { capitalize, periodOf, rangeQuery, rowsTarget } from './shared';
import { formatAmount } from '@/lib/money';

type Row = MarginReport['rows'][number];
type DrillRow = MarginRows['rows'][number];

function drill(
  figures: MarginFigures,
  from: string,
  to: string,
  what: string,
  type?: string,
): DrillTarget | null {
  return rowsTarget('margin', `Completed visits, ${what}`, figures.visits, { from, to, type });
}

const COLUMNS: readonly (Omit<ReportColumn<MarginFigures>, 'drill'> & { drills?: boolean })[] = [
  { id: 'visits', label: 'Visits', format: 'count', value: (r) => r.visits, drills: true },
  { id: 'price', label: 'Price', format: 'money', value: (r) => r.priceCents, drills: true },
  {
    id: 'labourHours',
    label: 'Labor hours',
    format: 'hours',
    value: (r) => r.labourMinutes,
    wide: true,
  },
  { id: 'labour', label: 'Labor', format: 'money', value: (r) => r.labourCents },
  { id: 'materials', label: 'Materials', format: 'money', value: (r) => r.materialsCents },
  {
    id: 'margin',
    label: 'Margin',
    figure: 'margin_actual',
    format: 'money',
    value: (r) => r.marginCents,
    drills: true,
  },
  { id: 'marginPercent', label: 'Margin %', format: 'percent', value: (r) => r.marginPercent },
  {
    id: 'estimatedCost',
    label: 'Estimated cost',
    format: 'money',
    value: (r) => r.estimatedCostCents,
    wide: true,
  },
  {
    id: 'estimatedMargin',
    label: 'Estimated margin',
    figure: 'margin_estimated',
    format: 'money',
    value: (r) => r.estimatedMarginCents,
    wide: true,
  },
];

function valuesOf(f: MarginFigures): Record<string, number | null> {
  return Object.fromEntries(COLUMNS.map((c) => [c.id, c.value(f)]));
}

function drillsOf(
  f: MarginFigures,
  target: DrillTarget | null,
): Record<string, DrillTarget | null> {
  return Object.fromEntries(COLUMNS.filter((c) => c.drills).map((c) => [c.id, target]));
}

/** GET /api/reports/margin: completed visits' price against actual labour and materials. */
export const marginReport: ReportDefinition<MarginReport, Row, DrillRow> = {
  id: 'margin',
  title: 'Margin',
  description: 'Price of completed visits against labor and materials, beside the estimate.',
  ranged: true,
  fetchPath: (range) => `/reports/margin?${rangeQuery(range)}`,
  csvPath: (range) => `/api/reports/margin.csv?${rangeQuery(range)}`,
  rows: (answer) => answer.rows,
  rowKey: (row) => row.period,
  rowHeading: 'Period',
  rowLabel: (row, answer) => periodOf(row.period, answer.groupBy),
  columns: COLUMNS.map(({ drills, ...c }): ReportColumn<Row> => ({
    ...c,
    drill: drills
      ? (row, range) => drill(row, row.from, row.to, periodOf(row.period, range?.groupBy))
      : undefined,
  })),
  totals: (answer) => ({
    values: valuesOf(answer.totals),
    drills: drillsOf(answer.totals, drill(answer.totals, answer.from, answer.to, 'whole range')),
  }),
  breakdowns: (answer) => [
    {
      id: 'by-type',
      title: 'By type',
      rowHeading: 'Type',
      columns: COLUMNS.map(({ id, label, format, wide }) => ({
        id,
        label,
        format,
        wide,
      })) as BreakdownTable['columns'],
      rows: answer.byType.map((t) => ({
        key: t.type,
        label: capitalize(t.type),
        values: valuesOf(t),
        drills: drillsOf(t, drill(t, answer.from, answer.to, `${t.type}`, t.type)),
      })),
    },
  ],
  chart: {
    title: 'Price, costs and margin',
    series: [
      { key: 'price', label: 'Price', color: '#1d4ed8' },
      { key: 'margin', label: 'Margin', color: '#0f766e' },
      { key: 'estimatedMargin', label: 'Estimated margin', color: '#b45309' },
    ],
    points: (answer) =>
      answer.rows.map((row) => {
        const when = periodOf(row.period, answer.groupBy);
        const target = drill(row, row.from, row.to, when);
        return {
          key: row.period,
          label: when,
          values: {
            price: row.priceCents,
            margin: row.marginCents,
            estimatedMargin: row.estimatedMarginCents,
          },
          drills: { price: target, margin: target, estimatedMargin: target },
        };
      }),
  },
  isEmpty: (answer) => answer.totals.visits === 0,
  emptyTitle: 'No completed visits in this range',
  emptyText: 'No visit starting between these dates has been completed. Try a wider range.',
  note: (answer) =>
    answer.totals.untimedVisits > 0 || answer.totals.unratedMinutes > 0
      ? `${answer.totals.untimedVisits} visit(s) have no visit timer (their labor reads 0); ${formatValue('hours', answer.totals.unratedMinutes)} hours have no cost rate.`
      : null,
  drillRow: (row) => ({
    key: row.id,
    title: row.title,
    detail: `${row.clientName} · ${formatDay(row.date)} · labor ${formatAmount(row.labourCents)}, materials ${formatAmount(row.materialsCents)}`,
    amount: `${formatAmount(row.marginCents)} margin`,
    extra: `of ${formatAmount(row.priceCents)}`,
    link: row.link,
  }),
  definitions: (answer) => answer.definitions,
};
