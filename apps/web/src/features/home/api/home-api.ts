import { useQuery } from '@tanstack/react-query';
import type {
  HomeGettingStarted,
  HomeMoney,
  HomeMyNextVisits,
  HomeMyPipeline,
  HomeToday,
  MyVisitsResponse,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** Each tile group is its own request (decision 033): one slow group never holds the others. */
export const homeQueryKey = ['home'] as const;

// The office's figures move through the day; a minute old is fresh enough for a glance.
const FRESH = 60_000;

/** `GET /api/home/today`: today's visits, unassigned work, requests and quotes waiting. */
export function useHomeToday(enabled: boolean) {
  return useQuery({
    queryKey: [...homeQueryKey, 'today'],
    queryFn: ({ signal }) => apiRequest<HomeToday>('/home/today', { signal }),
    staleTime: FRESH,
    enabled,
  });
}

/** `GET /api/home/money`: overdue and owed, this month against last. */
export function useHomeMoney(enabled: boolean) {
  return useQuery({
    queryKey: [...homeQueryKey, 'money'],
    queryFn: ({ signal }) => apiRequest<HomeMoney>('/home/money', { signal }),
    staleTime: FRESH,
    enabled,
  });
}

/** `GET /api/home/getting-started`: which first steps are done. */
export function useGettingStarted(enabled: boolean) {
  return useQuery({
    queryKey: [...homeQueryKey, 'getting-started'],
    queryFn: ({ signal }) => apiRequest<HomeGettingStarted>('/home/getting-started', { signal }),
    enabled,
  });
}

/**
 * `GET /api/my-visits`: the signed-in member's visits today. The jobs feature asks for the same
 * list under its own key; features do not share code, so this is the home's own read of it.
 */
export function useMyVisitsToday(enabled: boolean) {
  return useQuery({
    queryKey: [...homeQueryKey, 'my-visits'],
    queryFn: ({ signal }) => apiRequest<MyVisitsResponse>('/my-visits', { signal }),
    staleTime: 30_000,
    enabled,
  });
}

/** `GET /api/home/my-next-visits`: the member's next visits after today. */
export function useMyNextVisits(enabled: boolean) {
  return useQuery({
    queryKey: [...homeQueryKey, 'my-next-visits'],
    queryFn: ({ signal }) => apiRequest<HomeMyNextVisits>('/home/my-next-visits', { signal }),
    staleTime: FRESH,
    enabled,
  });
}

/**
 * `GET /api/home/my-pipeline`: the sales person's own open opportunities by stage, and their
 * follow-ups due today and overdue, each with the link the server gives.
 */
export function useMyPipeline(enabled: boolean) {
  return useQuery({
    queryKey: [...homeQueryKey, 'my-pipeline'],
    queryFn: ({ signal }) => apiRequest<HomeMyPipeline>('/home/my-pipeline', { signal }),
    staleTime: FRESH,
    enabled,
  });
}
