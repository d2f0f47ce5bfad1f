import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { requestQueryKey, requestsQueryKey } from './keys';

/** `DELETE /api/requests/:id`: the request and its history. */
export function deleteRequest(id: string): Promise<null> {
  return apiRequest(`/requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequest,
    onSuccess: async (_answer, id) => {
      // The page of the deleted request is being left: asking for it again would only answer 404.
      const detail = requestQueryKey(id);
      await queryClient.cancelQueries({ queryKey: detail });
      queryClient.removeQueries({ queryKey: detail });
      await queryClient.invalidateQueries({ queryKey: requestsQueryKey });
    },
  });
}
