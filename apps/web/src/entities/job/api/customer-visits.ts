import { addDaysToDate, localDateOf, type JobListResponse } from '@crewdesk/domain';
import { keysetQueryOptions } from '@/lib/keyset-query';
import { jobsQueryKey } from './job-keys';

const PANEL_PAGE_SIZE = 10;

export type VisitsWhen = 'upcoming' | 'past';

/**
 * Today as 'YYYY-MM-DD' on this device's calendar. The web does not know the business's zone
 * until the schedule has answered (features/schedule), so it reads the browser's, as the map does.
 */
export function todayOnThisDevice(now: Date = new Date()): string {
  return localDateOf(now, Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

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
