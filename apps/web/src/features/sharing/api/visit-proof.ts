import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProofAnswerInput, SharedProof } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

const path = (token: string) => `/public/proof/${encodeURIComponent(token)}`;
const key = (token: string) => ['visit-proof', token] as const;

/** The proof of service page behind a link: nothing internal reaches it (the server's schema). */
export function useSharedProof(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: ({ signal }) => apiRequest<SharedProof>(path(token), { signal }),
  });
}

/** The client's one answer; the page comes back answered. */
export function useAnswerProof(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProofAnswerInput) =>
      apiRequest<SharedProof>(`${path(token)}/answer`, { method: 'POST', body: input }),
    onSuccess: (proof) => queryClient.setQueryData(key(token), proof),
  });
}
