import type { FigureId, ReportGrouping, ScreenLink } from '@crewdesk/domain';

/** The rows behind one figure: what the drill-down dialog asks the server for. */
export interface DrillTarget {
  /** The dialog's title: 'Invoiced, Nov 2026'. */
  title: string;
  /** An /api path with its query (without the /api prefix): '/reports/revenue/rows?…'. */
  path: string;
}

/** The range of a report that has one (from/to and grouping, kept in the address). */
export interface ReportRange {
  from: string;
  to: string;
  groupBy: ReportGrouping;
}

/** One figure column of the table (and, when charted, one bar series). */
export interface ReportColumn<Row> {
  id: string;
  label: string;
  /** Its definition (from the answer's `definitions`) is shown beside the figures. */
  figure?: FigureId;
  format: ValueFormat;
  /** Null shows as a dash (a margin % of a zero price, a median with no answer). */
  value(row: Row): number | null;
  /** The rows behind this cell; null when there is nothing to open (a zero, a count). */
  drill?(row: Row, range: ReportRange | null): DrillTarget | null;
  /** Hidden on a phone (the table scrolls sideways otherwise). */
  wide?: boolean;
}

/**
 * How a figure reads: money in cents, a count, minutes shown as hours (two decimals, as the
 * CSV), a percent or days with one decimal.
 */
export type ValueFormat = 'money' | 'count' | 'hours' | 'percent' | 'days';

/** One line of the drill-down dialog, opening the row's page at the server's `link`. */
export interface DrillRowView {
  key: string;
  title: string;
  detail: string;
  amount: string | null;
  extra?: string | null;
  link: ScreenLink;
}

/** A small table under the main one: the report by category, by person, by type… */
export interface BreakdownTable {
  id: string;
  title: string;
  rowHeading: string;
  columns: readonly { id: string; label: string; format: ValueFormat; wide?: boolean }[];
  rows: readonly {
    key: string;
    label: string;
    values: Record<string, number | null>;
    drills: Record<string, DrillTarget | null>;
  }[];
}

/** A point of the chart: a period or a bucket, with one value per series. */
export interface ChartPoint {
  key: string;
  label: string;
  values: Record<string, number>;
  drills: Record<string, DrillTarget | null>;
}

export interface ChartSeries {
  /** The key of the value in each point. */
  key: string;
  label: string;
  color: string;
}

/**
 * A report, described once: the generic view (components/report-view.tsx) fetches it, draws its
 * chart, its table with totals, the figures' definitions, the drill-down and the CSV link.
 * Adding a report is adding a definition to definitions/index.ts.
 */
export interface ReportDefinition<Answer = unknown, Row = unknown, DrillRow = never> {
  /** The path segment: /reports/{id}. */
  id: string;
  title: string;
  description: string;
  /** Whether the report takes ?from=&to=&groupBy= (receivables are on today's date). */
  ranged: boolean;
  /** The answer's path under /api, given the range (when ranged). */
  fetchPath(range: ReportRange | null): string;
  /** The CSV of the same query: `GET /api/reports/<id>.csv` (a plain link, so a download). */
  csvPath(range: ReportRange | null): string;
  rows(answer: Answer): readonly Row[];
  rowKey(row: Row): string;
  /** The first column's heading and each row's label (a period, a client). */
  rowHeading: string;
  rowLabel(row: Row, answer: Answer): string;
  columns: readonly ReportColumn<Row>[];
  /** The totals row: one value per column id, and what each total opens; none when the rows overlap. */
  totals?(answer: Answer): {
    values: Record<string, number | null>;
    drills: Record<string, DrillTarget | null>;
  };
  chart: {
    title: string;
    series: readonly ChartSeries[];
    points(answer: Answer): ChartPoint[];
    /** Bars side by side (default) or stacked. */
    stacked?: boolean;
    /** How the axis and tooltip read the values (money in cents by default). */
    format?: 'money' | 'count' | 'hours';
  };
  /** True when the answer holds nothing to show: the view shows the empty state. */
  isEmpty(answer: Answer): boolean;
  emptyTitle: string;
  emptyText: string;
  /** A line under the title about the answer ("As of Nov 25, 2026", "Largest 100 shown"). */
  note?(answer: Answer): string | null;
  /** Smaller tables under the main one (by category, by person…). */
  breakdowns?(answer: Answer, range: ReportRange | null): readonly BreakdownTable[];
  /** How a row of the drill-down reads; revenue's invoices and payments when not given. */
  drillRow?(row: DrillRow): DrillRowView;
  /** The figure definitions the answer carries. */
  definitions(answer: Answer): readonly { id: FigureId; label: string; definition: string }[];
}
