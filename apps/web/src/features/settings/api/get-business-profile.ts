import { queryOptions } from '@tanstack/react-query';
import type { BusinessProfileResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export type { BusinessProfileResponse };

export const businessProfileQueryKey = ['business-profile'] as const;

export function businessProfileQueryOptions() {
  return queryOptions({
    queryKey: businessProfileQueryKey,
    queryFn: ({ signal }) => apiRequest<BusinessProfileResponse>('/business-profile', { signal }),
  });
}
