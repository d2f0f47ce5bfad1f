import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeUpdate } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { employeeQueryKey } from './get-employee';
import { teamQueryKey, type TeamEmployee } from './list-employees';

/** `PATCH /api/team/employees/:id` (business admin rights). */
export function updateEmployee(id: string, patch: EmployeeUpdate): Promise<TeamEmployee> {
  return apiRequest(`/team/employees/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function useUpdateEmployee(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: EmployeeUpdate) => updateEmployee(id, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(employeeQueryKey(id), saved);
      return queryClient.invalidateQueries({ queryKey: teamQueryKey });
    },
  });
}
