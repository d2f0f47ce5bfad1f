import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptSharedRequestInput, SharedRequest } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

function sharedPath(token: string): string {
  return `/public/shared/${encodeURIComponent(token)}`;
}

export function sharedRequestQueryKey(token: string) {
  return ['shared-request', token] as const;
}

/** The estimate behind a share link; opening it is what marks it viewed for the business. */
export function sharedRequestQueryOptions(token: string) {
  return queryOptions({
    queryKey: sharedRequestQueryKey(token),
    queryFn: ({ signal }) => apiRequest<SharedRequest>(sharedPath(token), { signal }),
  });
}

export function useSharedRequest(token: string) {
  return useQuery(sharedRequestQueryOptions(token));
}

/** The PDF is served by the API; a plain link downloads it without a session. */
export function sharedRequestPdfUrl(token: string): string {
  return `/api${sharedPath(token)}/pdf`;
}

type Answer =
  | { kind: 'accept'; input: AcceptSharedRequestInput }
  | { kind: 'decline'; input: { reason: string } };

/** Accept (the typed name is the signature) or decline with a reason; the page then shows the outcome. */
export function useAnswerSharedRequest(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: Answer) =>
      apiRequest<unknown>(`${sharedPath(token)}/${answer.kind}`, {
        method: 'POST',
        body: answer.input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedRequestQueryKey(token) }),
  });
}
