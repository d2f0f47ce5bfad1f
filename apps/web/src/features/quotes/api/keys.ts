import type { RequestListCategory } from '@crewdesk/domain';

/** Every request query lives under this key: a save, delete or send refreshes them all. */
export const requestsQueryKey = ['requests'] as const;

export interface RequestListFilters {
  q: string;
  status: string;
}

export const NO_REQUEST_FILTERS: RequestListFilters = { q: '', status: '' };

export function requestListQueryKey(category: RequestListCategory, filters: RequestListFilters) {
  return [...requestsQueryKey, 'list', category, filters] as const;
}

export function requestQueryKey(id: string) {
  return [...requestsQueryKey, 'detail', id] as const;
}
