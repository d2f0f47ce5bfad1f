import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PublicRequestFormInfo, PublicRequestFormInput } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

function formPath(slug: string): string {
  return `/public/request-form/${encodeURIComponent(slug)}`;
}

export function requestFormInfoQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['request-form', slug] as const,
    queryFn: ({ signal }) => apiRequest<PublicRequestFormInfo>(formPath(slug), { signal }),
  });
}

export function useRequestFormInfo(slug: string) {
  return useQuery(requestFormInfoQueryOptions(slug));
}

export function useSendRequestForm(slug: string) {
  return useMutation({
    mutationFn: (input: PublicRequestFormInput) =>
      apiRequest<{ message: string }>(formPath(slug), { method: 'POST', body: input }),
  });
}
