import type { RequestListCategory } from '@crewdesk/domain';
import { requestQueryKey, requestsQueryKey } from '@/entities/request/api/request-keys';

export { requestQueryKey, requestsQueryKey };

export interface RequestListFilters {
  q: string;
  status: string;
}

export const NO_REQUEST_FILTERS: RequestListFilters = { q: '', status: '' };

export function requestListQueryKey(category: RequestListCategory, filters: RequestListFilters) {
  return [...requestsQueryKey, 'list', category, filters] as const;
}
