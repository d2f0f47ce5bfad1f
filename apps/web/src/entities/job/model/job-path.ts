import type { VisitSummary } from '@crewdesk/domain';

/** A visit's page: jobs and tasks live under paths of their own. */
export function jobPath(visit: Pick<VisitSummary, 'id' | 'kind'>): string {
  return `/${visit.kind === 'task' ? 'tasks' : 'jobs'}/${visit.id}`;
}
