import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeValues } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { teamQueryKey, type TeamEmployee } from './list-employees';

/** `POST /api/team/employees` (201): staff who do not sign in. */
export function createEmployee(input: EmployeeValues): Promise<TeamEmployee> {
  return apiRequest('/team/employees', { method: 'POST', body: input });
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
