import { useMutation } from '@tanstack/react-query';
import type { RouteSuggestion } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export interface RouteRequest {
  date: string;
  assigneeId: string;
}

/** `POST /api/map/route`: a member's day in a suggested visiting order (nothing is saved). */
export function suggestRoute(input: RouteRequest): Promise<RouteSuggestion> {
  return apiRequest('/map/route', { method: 'POST', body: input });
}

export function useSuggestRoute() {
  return useMutation({ mutationFn: suggestRoute });
}
