import type { ReportDefinition, UpcomingReport } from '../model/report-definition';
import { receivablesReport } from './receivables';
import { revenueReport } from './revenue';

/**
 * The reports the picker opens, in its order. A report the server answers gets a definition
 * here; until then it waits in UPCOMING_REPORTS (listed, not clickable, no numbers).
 */
export const REPORTS: readonly ReportDefinition[] = [revenueReport, receivablesReport];

/** Being built on the server (issue 23): switch each on by adding its definition above. */
export const UPCOMING_REPORTS: readonly UpcomingReport[] = [
  {
    id: 'quote-conversion',
    title: 'Quote conversion',
    description: 'Quotes sent, accepted and declined, and how long clients take.',
  },
  { id: 'jobs', title: 'Jobs', description: 'Jobs by type, status and team member.' },
  { id: 'margin', title: 'Margin', description: 'Price against labour and materials, per job.' },
  { id: 'team-hours', title: 'Team hours', description: 'Hours worked and on visits, per person.' },
  {
    id: 'revenue-ahead',
    title: 'Revenue ahead',
    description: 'The price of the work already on the schedule.',
  },
];

export function reportById(id: string | undefined): ReportDefinition | null {
  return REPORTS.find((r) => r.id === id) ?? null;
}
