import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportSchedule, ReportScheduleInput, TeamEmployee } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export const schedulesQueryKey = ['reports', 'schedules'] as const;

/** `GET /api/reports/schedules`: the business's scheduled report e-mails and how many it may have. */
export function useReportSchedules(enabled: boolean) {
  return useQuery({
    queryKey: schedulesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<{ schedules: ReportSchedule[]; max: number }>('/reports/schedules', { signal }),
    enabled,
  });
}

export interface ScheduleRecipient {
  userId: string;
  name: string;
  email: string | null;
}

/**
 * The team's active members who sign in (the recipients a schedule may have): the team list's
 * employees with an active login, as GET /api/team/employees?status=active gives them.
 */
export function useScheduleRecipients(enabled: boolean) {
  return useQuery({
    queryKey: ['team', 'employees', 'active-members'],
    queryFn: async ({ signal }) => {
      const page = await apiRequest<{ items: TeamEmployee[] }>(
        '/team/employees?status=active&limit=100',
        { signal },
      );
      return page.items
        .filter((e) => e.userId !== null && e.memberStatus === 'active')
        .map((e): ScheduleRecipient => ({
          userId: e.userId!,
          name: `${e.firstName} ${e.lastName}`.trim(),
          email: e.email,
        }));
    },
    enabled,
  });
}

/** `POST /api/reports/schedules`, or `PUT /api/reports/schedules/:id` when an id is given. */
export function useSaveReportSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ReportScheduleInput }) =>
      apiRequest<ReportSchedule>(id ? `/reports/schedules/${id}` : '/reports/schedules', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
}

/** `DELETE /api/reports/schedules/:id` (204). */
export function useDeleteReportSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/reports/schedules/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
}
