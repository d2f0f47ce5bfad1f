import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { teamQueryKey, type TeamEmployee } from './list-employees';

/** `PATCH /api/team/members/:userId` (business admin rights; never the owner or oneself). */
export function changeMemberRole(
  userId: string,
  role: AssignableRole,
): Promise<TeamEmployee | null> {
  return apiRequest(`/team/members/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: { role },
  });
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: AssignableRole }) =>
      changeMemberRole(userId, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
