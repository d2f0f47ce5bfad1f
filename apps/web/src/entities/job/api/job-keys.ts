import type { QueryClient } from '@tanstack/react-query';
import { requestsQueryKey } from '@/entities/request/api/request-keys';
import { isUnderAnyKey } from '@/lib/query-client';

/** Every job and task query lives under this key: a save or delete refreshes them all. */
export const jobsQueryKey = ['jobs'] as const;

export function jobQueryKey(id: string) {
  return [...jobsQueryKey, 'detail', id] as const;
}

/** The schedule's queries (features/schedule builds its keys under this root). */
export const scheduleQueryKey = ['schedule'] as const;

/** The map's queries (features/map builds its keys under this root). */
export const mapQueryKey = ['map'] as const;

/**
 * What draws visits: the job lists, the schedule, the map and the request a job came from. They
 * are refreshed after a save or delete so no screen keeps a stale visit.
 */
const VISIT_QUERY_KEYS = [jobsQueryKey, scheduleQueryKey, mapQueryKey, requestsQueryKey];

/**
 * Refreshes every query that draws visits, except the detail of `keepId` (its answer was just
 * stored, and asking again would only repeat it).
 */
export async function refreshVisitQueries(
  queryClient: QueryClient,
  keepId?: string,
): Promise<void> {
  const kept = keepId ? JSON.stringify(jobQueryKey(keepId)) : null;
  await queryClient.invalidateQueries({
    predicate: (query) =>
      isUnderAnyKey(query.queryKey, VISIT_QUERY_KEYS) && JSON.stringify(query.queryKey) !== kept,
  });
}
