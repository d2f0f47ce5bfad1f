import type { JobDetail } from '@crewdesk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { jobQueryKey } from './keys';

/**
 * `PUT /api/jobs/:id/photos/:photoId/shareable`: shown to the client on the proof page, or not.
 * The visit's photo takes the answer at once (until then the box shows the click's choice, which
 * PhotosSection holds). A reload of the visit already on its way (a live update: the photo just
 * uploaded) is called off first, so its older answer cannot untick the box.
 */
export function usePhotoShareable(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, shareable }: { photoId: string; shareable: boolean }) =>
      apiRequest<{ id: string; shareable: boolean }>(
        `/jobs/${encodeURIComponent(jobId)}/photos/${encodeURIComponent(photoId)}/shareable`,
        { method: 'PUT', body: { shareable } },
      ),
    onMutate: () => queryClient.cancelQueries({ queryKey: jobQueryKey(jobId) }),
    onSuccess: (saved) =>
      queryClient.setQueryData<JobDetail>(jobQueryKey(jobId), (job) =>
        job
          ? {
              ...job,
              photos: job.photos.map((p) =>
                p.id === saved.id ? { ...p, shareable: saved.shareable } : p,
              ),
            }
          : job,
      ),
  });
}
