import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { requestQueryKey, requestsQueryKey } from './keys';

/** `POST /api/requests/:id/duplicate`: a new unopened copy with its own share link. */
export function duplicateRequest(id: string): Promise<RequestDetail> {
  return apiRequest(`/requests/${encodeURIComponent(id)}/duplicate`, { method: 'POST' });
}

export function useDuplicateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateRequest,
    onSuccess: async (copy) => {
      queryClient.setQueryData(requestQueryKey(copy.id), copy);
      await queryClient.invalidateQueries({ queryKey: [...requestsQueryKey, 'list'] });
    },
  });
}
