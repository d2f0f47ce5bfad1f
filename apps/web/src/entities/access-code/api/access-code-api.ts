import type {
  AccessEntry,
  AccessEntryInput,
  AccessEntryList,
  AccessEntryUpdate,
  AccessReveal,
  AccessRevealLog,
  VisitAccess,
} from '@crewdesk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Labels and logs only: a revealed code is never put in the query cache. */
export const accessCodesQueryKey = ['access-codes'] as const;
const contactKey = (customerId: string) => [...accessCodesQueryKey, 'contact', customerId];
const revealsKey = (customerId: string) => [...accessCodesQueryKey, 'reveals', customerId];
const visitKey = (jobId: string) => [...accessCodesQueryKey, 'visit', jobId];

const id = encodeURIComponent;

/** `GET /api/customers/:id/access-codes`: the contact's code labels (admins). */
export function useContactAccessCodes(customerId: string) {
  return useQuery({
    queryKey: contactKey(customerId),
    queryFn: ({ signal }) =>
      apiRequest<AccessEntryList>(`/customers/${id(customerId)}/access-codes`, { signal }),
  });
}

/** `GET /api/customers/:id/access-codes/reveals`: who revealed which code when (admins). */
export function useAccessRevealLog(customerId: string, enabled: boolean) {
  return useQuery({
    queryKey: revealsKey(customerId),
    queryFn: ({ signal }) =>
      apiRequest<AccessRevealLog>(`/customers/${id(customerId)}/access-codes/reveals`, { signal }),
    enabled,
  });
}

/** `GET /api/jobs/:id/access`: a visit's code labels and whether they open now. */
export function useVisitAccess(jobId: string) {
  return useQuery({
    queryKey: visitKey(jobId),
    queryFn: ({ signal }) => apiRequest<VisitAccess>(`/jobs/${id(jobId)}/access`, { signal }),
  });
}

function useRefreshCodes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accessCodesQueryKey });
}

export function useAddAccessCode(customerId: string) {
  const refresh = useRefreshCodes();
  return useMutation({
    mutationFn: (body: AccessEntryInput) =>
      apiRequest<AccessEntry>(`/customers/${id(customerId)}/access-codes`, {
        method: 'POST',
        body,
      }),
    onSuccess: refresh,
  });
}

export function useUpdateAccessCode() {
  const refresh = useRefreshCodes();
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: string; body: AccessEntryUpdate }) =>
      apiRequest<AccessEntry>(`/access-codes/${id(entryId)}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export function useDeleteAccessCode() {
  const refresh = useRefreshCodes();
  return useMutation({
    mutationFn: (entryId: string) =>
      apiRequest<null>(`/access-codes/${id(entryId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/**
 * `POST /api/access-codes/:id/reveal`: the code, logged on the server. The answer stays in the
 * caller's state only (hidden again soon), never in the query cache.
 */
export function useRevealAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, jobId }: { entryId: string; jobId: string | null }) =>
      apiRequest<AccessReveal>(`/access-codes/${id(entryId)}/reveal`, {
        method: 'POST',
        body: { jobId },
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...accessCodesQueryKey, 'reveals'] }),
  });
}
