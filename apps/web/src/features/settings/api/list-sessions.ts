import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** One signed-in browser or device of the user (better-auth's `list-sessions`). */
export interface UserSession {
  id: string;
  token: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  /** Moves when the session is refreshed: the closest thing to "last seen". */
  updatedAt: string;
  expiresAt: string;
}

export const sessionsQueryKey = ['auth', 'sessions'] as const;

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => apiRequest<UserSession[]>('/auth/list-sessions', { signal }),
    staleTime: 0,
  });
}
