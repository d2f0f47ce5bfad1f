import {
  JOB_STATUS_LABELS,
  type JobCounts,
  type JobRows,
  type JobsReport,
  type JobStatus,
} from '@crewdesk/domain';
import { formatDay } from '@/lib/format';
import type {
  BreakdownTable,
  DrillTarget,
  ReportColumn,
  ReportDefinition,
} from '../model/report-definition';
import { capitalize, periodOf, rangeQuery, rowsTarget, wholeRangeTotals } from './shared';
import { formatAmount } from '@/lib/money';

type Row = JobsReport['rows'][number];
type DrillRow = JobRows['rows'][number];

interface Scope {
  from: string;
  to: string;
  what: string;
  type?: string;
  employeeId?: string;
}

/** The figures of a jobs line, each with what its rows query adds (a status, on time). */
const FIGURES: readonly {
  id: keyof Omit<JobCounts, 'completedCents'>;
  label: string;
  figure?: ReportColumn<JobCounts>['figure'];
  query: { status?: JobStatus; onTime?: 'true' };
  wide?: boolean;
}[] = [
  { id: 'visits', label: 'Visits', figure: 'visits', query: {} },
  { id: 'scheduled', label: 'Scheduled', query: { status: 'scheduled' }, wide: true },
  { id: 'onTheWay', label: 'On the way', query: { status: 'on_the_way' }, wide: true },
  { id: 'inProgress', label: 'In progress', query: { status: 'in_progress' }, wide: true },
  {
    id: 'completed',
    label: 'Completed',
    figure: 'visits_completed',
    query: { status: 'completed' },
  },
  { id: 'cancelled', label: 'Cancelled', query: { status: 'cancelled' }, wide: true },
  { id: 'onTime', label: 'On time', figure: 'visits_on_time', query: { onTime: 'true' } },
];

function drill(f: (typeof FIGURES)[number], counts: JobCounts, scope: Scope): DrillTarget | null {
  const what = f.query.status ? JOB_STATUS_LABELS[f.query.status] : f.label;
  return rowsTarget('jobs', `${what} visits, ${scope.what}`, counts[f.id], {
    from: scope.from,
    to: scope.to,
    type: scope.type,
    employeeId: scope.employeeId,
    ...f.query,
  });
}

function valuesOf(counts: JobCounts): Record<string, number> {
  return { ...counts };
}

function drillsOf(counts: JobCounts, scope: Scope): Record<string, DrillTarget | null> {
  return Object.fromEntries(FIGURES.map((f) => [f.id, drill(f, counts, scope)]));
}

const BREAKDOWN_COLUMNS: BreakdownTable['columns'] = [
  ...FIGURES.map((f) => ({ id: f.id, label: f.label, format: 'count' as const, wide: f.wide })),
  { id: 'completedCents', label: 'Completed amount', format: 'money' },
];

/** GET /api/reports/jobs: visits of the range by period, status, type and member. */
export const jobsReport: ReportDefinition<JobsReport, Row, DrillRow> = {
  id: 'jobs',
  title: 'Jobs',
  description: 'Visits by status, type and team member, and those completed on time.',
  ranged: true,
  fetchPath: (range) => `/reports/jobs?${rangeQuery(range)}`,
  csvPath: (range) => `/api/reports/jobs.csv?${rangeQuery(range)}`,
  rows: (answer) => answer.rows,
  rowKey: (row) => row.period,
  rowHeading: 'Period',
  rowLabel: (row, answer) => periodOf(row.period, answer.groupBy),
  columns: [
    ...FIGURES.map((f): ReportColumn<Row> => ({
      id: f.id,
      label: f.label,
      figure: f.figure,
      format: 'count',
      value: (row) => row[f.id],
      drill: (row, range) =>
        drill(f, row, { from: row.from, to: row.to, what: periodOf(row.period, range?.groupBy) }),
      wide: f.wide,
    })),
    {
      id: 'completedCents',
      label: 'Completed amount',
      format: 'money',
      value: (row) => row.completedCents,
    },
  ],
  totals: (answer) => wholeRangeTotals(answer, valuesOf, drillsOf),
  breakdowns: (answer) => {
    const all = { from: answer.from, to: answer.to };
    return [
      {
        id: 'by-type',
        title: 'By type',
        rowHeading: 'Type',
        columns: BREAKDOWN_COLUMNS,
        rows: answer.byType.map((t) => ({
          key: t.type,
          label: capitalize(t.type),
          values: valuesOf(t),
          drills: drillsOf(t, { ...all, what: t.type, type: t.type }),
        })),
      },
      {
        id: 'by-member',
        title: 'By team member',
        rowHeading: 'Team member',
        columns: BREAKDOWN_COLUMNS,
        rows: answer.byMember.map((m) => ({
          key: m.employeeId,
          label: m.name,
          values: valuesOf(m),
          drills: drillsOf(m, { ...all, what: m.name, employeeId: m.employeeId }),
        })),
      },
    ];
  },
  chart: {
    title: 'Visits and completed',
    format: 'count',
    series: [
      { key: 'visits', label: 'Visits', color: '#1d4ed8' },
      { key: 'completed', label: 'Completed', color: '#0f766e' },
    ],
    points: (answer) =>
      answer.rows.map((row) => {
        const scope = { from: row.from, to: row.to, what: periodOf(row.period, answer.groupBy) };
        return {
          key: row.period,
          label: scope.what,
          values: { visits: row.visits, completed: row.completed },
          drills: {
            visits: drill(FIGURES[0]!, row, scope),
            completed: drill(FIGURES[4]!, row, scope),
          },
        };
      }),
  },
  isEmpty: (answer) => answer.totals.visits === 0,
  emptyTitle: 'No visits in this range',
  emptyText: 'No visit was scheduled between these dates. Try a wider range.',
  drillRow: (row) => ({
    key: row.id,
    title: row.title,
    detail: `${row.clientName} · ${formatDay(row.date)} · ${JOB_STATUS_LABELS[row.status]}${row.onTime ? ' · on time' : ''}`,
    amount: formatAmount(row.priceCents),
    link: row.link,
  }),
  definitions: (answer) => answer.definitions,
};
