import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** better-auth's `get-session`: this browser's session and the user's security settings. */
export interface CurrentSession {
  session: { id: string; userId: string };
  user: { id: string; email: string; twoFactorEnabled?: boolean | null };
}

export const currentSessionQueryKey = ['auth', 'current-session'] as const;

export function currentSessionQueryOptions() {
  return queryOptions({
    queryKey: currentSessionQueryKey,
    queryFn: ({ signal }) => apiRequest<CurrentSession | null>('/auth/get-session', { signal }),
    staleTime: 0,
  });
}
