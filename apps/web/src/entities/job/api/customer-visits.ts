import { addDaysToDate, type JobListResponse } from '@crewdesk/domain';
import { keysetQueryOptions } from '@/lib/keyset-query';
import { jobsQueryKey } from './job-keys';

const PANEL_PAGE_SIZE = 10;

export type VisitsWhen = 'upcoming' | 'past';

/** The query string of a contact's upcoming visits (from today, soonest first) or past ones. */
function visitsSearch(customerId: string, when: VisitsWhen, today: string): string {
  const params = new URLSearchParams({ customerId });
  if (when === 'upcoming') params.set('from', today);
  else {
    params.set('to', addDaysToDate(today, -1));
    params.set('order', 'latest');
  }
  return params.toString();
}

/** `GET /api/jobs?customerId=`: the contact's upcoming visits, or the past ones newest first. */
export function customerVisitsQueryOptions(customerId: string, when: VisitsWhen, today: string) {
  return keysetQueryOptions<JobListResponse>(
    [...jobsQueryKey, 'customer', customerId, when, today],
    `/jobs?${visitsSearch(customerId, when, today)}`,
    PANEL_PAGE_SIZE,
  );
}
