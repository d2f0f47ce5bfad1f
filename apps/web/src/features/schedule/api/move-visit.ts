import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  VISIT_CHANGED_MESSAGE,
  type JobPerson,
  type MoveVisitInput,
  type ScheduleResponse,
  type VisitSummary,
} from '@crewdesk/domain';
import { jobsQueryKey } from '@/entities/job/api/job-keys';
import { apiRequest, errorMessage, isApiError } from '@/lib/api-client';
import { applyMove } from '../lib/move-visit';
import { scheduleQueryKey, type ScheduleFilters } from './keys';

/** `PATCH /api/jobs/:id/schedule`: a drag on the calendar (new start and/or new hands). */
export function moveVisit(id: string, move: MoveVisitInput): Promise<VisitSummary> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/schedule`, { method: 'PATCH', body: move });
}

export interface MoveVisitVariables {
  visit: VisitSummary;
  move: MoveVisitInput;
  /** The lanes, to draw a new assignee at once. */
  members: readonly JobPerson[];
  timeZone: string;
}

/** A visit open for planning: no date or no one on it (what the side list shows). */
function isUnplanned(visit: VisitSummary): boolean {
  return visit.localStartsAt === null || visit.assignees.length === 0;
}

/** Puts the moved visit into a cached schedule: on the calendar, in the side list, or both. */
function withVisit(
  answer: ScheduleResponse,
  moved: VisitSummary,
  filters: ScheduleFilters | undefined,
): ScheduleResponse {
  const date = moved.localStartsAt?.slice(0, 10) ?? null;
  const inRange =
    date !== null &&
    filters !== undefined &&
    date >= filters.from &&
    date <= filters.to &&
    (!filters.assigneeId || moved.assignees.some((a) => a.id === filters.assigneeId));
  const others = answer.visits.filter((v) => v.id !== moved.id);
  return {
    ...answer,
    visits: inRange ? [...others, moved] : others,
    unplanned: isUnplanned(moved)
      ? answer.unplanned.map((v) => (v.id === moved.id ? moved : v))
      : answer.unplanned.filter((v) => v.id !== moved.id),
  };
}

/**
 * Moves a visit with an optimistic update. A stale version (409) is never retried over
 * someone else's change: the server's message shows and the schedule loads again.
 */
export function useMoveVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ visit, move }: MoveVisitVariables) => moveVisit(visit.id, move),
    onMutate: async ({ visit, move, members, timeZone }) => {
      await queryClient.cancelQueries({ queryKey: scheduleQueryKey });
      const snapshot = queryClient.getQueriesData<ScheduleResponse>({ queryKey: scheduleQueryKey });
      const moved = applyMove(visit, move, members, timeZone);
      for (const [key, answer] of snapshot) {
        if (!answer) continue;
        const filters = key[2] as ScheduleFilters | undefined;
        queryClient.setQueryData(key, withVisit(answer, moved, filters));
      }
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      if (isApiError(error) && error.status === 409) {
        toast.error(error.message || VISIT_CHANGED_MESSAGE, { id: 'visit-changed' });
      } else {
        toast.error(errorMessage(error, 'Could not move the visit. Please try again.'));
      }
    },
    onSettled: async () => {
      // Jobs lists show the same visits: refresh them too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduleQueryKey }),
        queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
      ]);
    },
  });
}
