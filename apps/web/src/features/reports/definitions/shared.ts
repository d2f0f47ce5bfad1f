import type { ReportGrouping } from '@crewdesk/domain';
import type { DrillTarget, ReportRange } from '../model/report-definition';
import { periodLabel } from '../model/period-label';

export function rangeQuery(range: ReportRange | null): string {
  if (!range) return '';
  return new URLSearchParams({ from: range.from, to: range.to, groupBy: range.groupBy }).toString();
}

/** A `/reports/<name>/rows?…` target, or null when the figure is zero (nothing behind it). */
export function rowsTarget(
  name: string,
  title: string,
  count: number,
  query: Record<string, string | undefined>,
): DrillTarget | null {
  if (count === 0) return null;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return { title, path: `/reports/${name}/rows?${params.toString()}` };
}

export function periodOf(period: string, groupBy: ReportGrouping | undefined): string {
  return periodLabel(period, groupBy ?? 'month');
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The totals row of a report over its whole range: its figures and where each one drills to,
 * from the report's own valuesOf and drillsOf.
 */
export function wholeRangeTotals<Counts, Value>(
  answer: { totals: Counts; from: string; to: string },
  valuesOf: (counts: Counts) => Record<string, Value>,
  drillsOf: (
    counts: Counts,
    scope: { from: string; to: string; what: string },
  ) => Record<string, DrillTarget | null>,
) {
  return {
    values: valuesOf(answer.totals),
    drills: drillsOf(answer.totals, { from: answer.from, to: answer.to, what: 'whole range' }),
  };
}
