import type { ReportDefinition } from '../model/report-definition';
import { jobsReport } from './jobs';
import { marginReport } from './margin';
import { quotesReport } from './quotes';
import { receivablesReport } from './receivables';
import { revenueAheadReport } from './revenue-ahead';
import { revenueReport } from './revenue';
import { teamHoursReport } from './team-hours';

/**
 * The reports the picker opens, in its order. Each id is the path segment the server's links
 * use (/reports/quotes, /reports/margin…) and the name of its CSV (/api/reports/<id>.csv).
 */
export const REPORTS: readonly ReportDefinition[] = [
  revenueReport,
  receivablesReport,
  revenueAheadReport,
  quotesReport,
  jobsReport,
  marginReport,
  teamHoursReport,
] as readonly ReportDefinition[];

export function reportById(id: string | undefined): ReportDefinition | null {
  return REPORTS.find((r) => r.id === id) ?? null;
}
