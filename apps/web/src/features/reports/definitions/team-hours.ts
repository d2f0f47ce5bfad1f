import type { TeamHoursReport, TeamHoursRows } from '@crewdesk/domain';
import { formatDay } from '@/lib/format';
import { formatValue } from '../model/format-value';
import type { DrillTarget, ReportColumn, ReportDefinition } from '../model/report-definition';
import { periodOf, rangeQuery, rowsTarget } from './shared';

type Row = TeamHoursReport['byPerson'][number];
type Minutes = TeamHoursReport['totals'];
type DrillRow = TeamHoursRows['rows'][number];
type Kind = DrillRow['kind'];

/** Each column: its minutes, and the kind of entries its rows are (none: all of them). */
const COLUMNS: readonly {
  id: keyof Minutes;
  label: string;
  figure?: ReportColumn<Minutes>['figure'];
  kind?: Kind;
  wide?: boolean;
}[] = [
  { id: 'workedMinutes', label: 'Worked hours', figure: 'hours_worked', kind: 'shift' },
  { id: 'regularMinutes', label: 'Regular hours', wide: true },
  { id: 'overtimeMinutes', label: 'Overtime hours', figure: 'hours_overtime' },
  { id: 'visitMinutes', label: 'Visit hours', figure: 'hours_visits', kind: 'visit' },
  {
    id: 'travelMinutes',
    label: 'Travel hours',
    figure: 'hours_travel',
    kind: 'travel',
    wide: true,
  },
  { id: 'otherMinutes', label: 'Other hours', figure: 'hours_other', wide: true },
  { id: 'breakMinutes', label: 'Break hours', kind: 'break', wide: true },
];

const KIND_LABELS: Record<Kind, string> = {
  shift: 'Shifts',
  break: 'Breaks',
  visit: 'Visit timers',
  travel: 'Travel timers',
};

function drill(
  column: (typeof COLUMNS)[number],
  m: Minutes,
  from: string,
  to: string,
  who: string,
  employeeId?: string,
): DrillTarget | null {
  const title = `${column.kind ? KIND_LABELS[column.kind] : 'Time entries'}, ${who}`;
  return rowsTarget('team-hours', title, m[column.id], { from, to, employeeId, kind: column.kind });
}

/** GET /api/reports/team-hours: each person's hours, regular and overtime, and what they were. */
export const teamHoursReport: ReportDefinition<TeamHoursReport, Row, DrillRow> = {
  id: 'team-hours',
  title: 'Team hours',
  description: 'Hours worked and on visits, per person, with overtime by your rule.',
  ranged: true,
  fetchPath: (range) => `/reports/team-hours?${rangeQuery(range)}`,
  csvPath: (range) => `/api/reports/team-hours.csv?${rangeQuery(range)}`,
  rows: (answer) => answer.byPerson,
  rowKey: (row) => row.employeeId,
  rowHeading: 'Team member',
  rowLabel: (row) => row.name,
  columns: COLUMNS.map((c): ReportColumn<Row> => ({
    id: c.id,
    label: c.label,
    figure: c.figure,
    format: 'hours',
    value: (row) => row[c.id],
    drill: (row, range) =>
      range ? drill(c, row, range.from, range.to, row.name, row.employeeId) : null,
    wide: c.wide,
  })),
  totals: (answer) => ({
    values: Object.fromEntries(COLUMNS.map((c) => [c.id, answer.totals[c.id]])),
    drills: Object.fromEntries(
      COLUMNS.map((c) => [c.id, drill(c, answer.totals, answer.from, answer.to, 'everyone')]),
    ),
  }),
  breakdowns: (answer) => [
    {
      id: 'by-period',
      title: 'By period',
      rowHeading: 'Period',
      columns: COLUMNS.map((c) => ({ id: c.id, label: c.label, format: 'hours', wide: c.wide })),
      rows: answer.rows.map((row) => {
        const when = periodOf(row.period, answer.groupBy);
        return {
          key: row.period,
          label: when,
          values: Object.fromEntries(COLUMNS.map((c) => [c.id, row[c.id]])),
          drills: Object.fromEntries(
            COLUMNS.map((c) => [c.id, drill(c, row, row.from, row.to, when)]),
          ),
        };
      }),
    },
  ],
  chart: {
    title: 'Regular and overtime hours',
    format: 'hours',
    stacked: true,
    series: [
      { key: 'regular', label: 'Regular', color: '#1d4ed8' },
      { key: 'overtime', label: 'Overtime', color: '#b45309' },
    ],
    points: (answer) =>
      answer.rows.map((row) => {
        const when = periodOf(row.period, answer.groupBy);
        const all = drill(COLUMNS[1]!, row, row.from, row.to, when);
        return {
          key: row.period,
          label: when,
          values: { regular: row.regularMinutes / 60, overtime: row.overtimeMinutes / 60 },
          drills: { regular: all, overtime: row.overtimeMinutes > 0 ? all : null },
        };
      }),
  },
  isEmpty: (answer) => answer.byPerson.length === 0 && answer.totals.workedMinutes === 0,
  emptyTitle: 'No time tracked in this range',
  emptyText: 'Nobody clocked in between these dates. Try a wider range.',
  note: (answer) =>
    `Overtime after ${answer.overtime.weeklyMinutes / 60} hours a week${
      answer.overtime.dailyMinutes !== null
        ? ` or ${answer.overtime.dailyMinutes / 60} hours a day`
        : ''
    }.`,
  drillRow: (row) => ({
    key: row.id,
    title: `${row.name}, ${KIND_LABELS[row.kind].toLowerCase().replace(/s$/, '')}`,
    detail: `${formatDay(row.workDate)}${row.endedAt === null ? ' · running' : ''}`,
    amount: `${formatValue('hours', row.minutes)} h`,
    link: row.link,
  }),
  definitions: (answer) => answer.definitions,
};
