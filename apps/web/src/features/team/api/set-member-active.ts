import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { teamQueryKey, type TeamEmployee } from './list-employees';

/**
 * `POST /api/team/members/:userId/deactivate` or `/reactivate` (business admin rights). A
 * deactivated member's sessions stop acting for this business at once.
 */
export function setMemberActive(userId: string, active: boolean): Promise<TeamEmployee | null> {
  const action = active ? 'reactivate' : 'deactivate';
  return apiRequest(`/team/members/${encodeURIComponent(userId)}/${action}`, { method: 'POST' });
}

export function useSetMemberActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) =>
      setMemberActive(userId, active),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
