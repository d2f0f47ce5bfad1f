import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The signed-in user's plan; a self-hosted installation answers Free. */
export interface PlanResponse {
  plan: string;
  status: string;
}

export function planQueryOptions() {
  return queryOptions({
    queryKey: ['plan'] as const,
    queryFn: ({ signal }) => apiRequest<PlanResponse>('/plan', { signal }),
  });
}
