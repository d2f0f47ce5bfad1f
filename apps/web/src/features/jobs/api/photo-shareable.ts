import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { jobQueryKey } from './keys';

/** `PUT /api/jobs/:id/photos/:photoId/shareable`: shown to the client on the proof page, or not. */
export function usePhotoShareable(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, shareable }: { photoId: string; shareable: boolean }) =>
      apiRequest<{ id: string; shareable: boolean }>(
        `/jobs/${encodeURIComponent(jobId)}/photos/${encodeURIComponent(photoId)}/shareable`,
        { method: 'PUT', body: { shareable } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobQueryKey(jobId) }),
  });
}
