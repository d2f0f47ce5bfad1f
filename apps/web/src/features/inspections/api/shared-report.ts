import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptFindingsInput, SharedInspection } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

function sharedPath(token: string): string {
  return `/public/inspection-reports/${encodeURIComponent(token)}`;
}

export function sharedReportQueryKey(token: string) {
  return ['shared-inspection-report', token] as const;
}

/** The report behind a share link: nothing internal reaches it (the server leaves it out). */
export function useSharedInspectionReport(token: string) {
  return useQuery(
    queryOptions({
      queryKey: sharedReportQueryKey(token),
      queryFn: ({ signal }) => apiRequest<SharedInspection>(sharedPath(token), { signal }),
    }),
  );
}

/** The client ticks findings and types their name; the answer is the report, now accepted. */
export function useAcceptFindings(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptFindingsInput) =>
      apiRequest<SharedInspection>(`${sharedPath(token)}/accept`, { method: 'POST', body: input }),
    onSuccess: (report) => queryClient.setQueryData(sharedReportQueryKey(token), report),
  });
}
