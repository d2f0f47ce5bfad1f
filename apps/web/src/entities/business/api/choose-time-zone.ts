import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChooseTimeZone } from '@crewdesk/domain';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session/get-me';

/** Business admin rights only (403 otherwise); 400 for a zone that is not in the list. */
export function chooseTimeZone(input: ChooseTimeZone): Promise<null> {
  return apiRequest<null>('/business-profile/time-zone', { method: 'PUT', body: input });
}

/** Saves the business's time zone; the session, which carries it to every screen, is asked again. */
export function useChooseTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseTimeZone,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success('Time zone saved');
    },
  });
}
