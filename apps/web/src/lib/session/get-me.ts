import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import { readStorage, removeStorage, STORAGE_KEYS } from '@/lib/storage';
import { clearSignedOut } from './sign-out-state';
import type { MeResponse } from './types';

export const meQueryKey = ['me'] as const;

/**
 * The signed-in user, or null for a visitor. A browser that has never signed
 * in asks better-auth's get-session first (it answers 200 with null), so a
 * visitor's page load does not log a 401; a browser with the session marker
 * goes straight to /api/me.
 */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  if (readStorage(STORAGE_KEYS.authSession) === null) {
    const session = await apiRequest<unknown>('/auth/get-session', { signal });
    if (session === null || session === undefined) return null;
  }
  try {
    const me = await apiRequest<MeResponse>('/me', { signal });
    clearSignedOut();
    return me;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      // The session ended elsewhere (expired, revoked): ask get-session next time.
      removeStorage(STORAGE_KEYS.authSession);
      return null;
    }
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
