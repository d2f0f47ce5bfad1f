import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Spec section 7, client cache: data stays fresh 5 minutes. */
const FIVE_MINUTES = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // One retry (spec section 7), but not for an answer that will not change (a 4xx):
        // a missing record or a refused role stays so. Gateway errors and dropped connections are retried.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
      },
    },
  });
}

/** Whether `queryKey` lies under one of `roots` (a key's leading parts). */
export function isUnderAnyKey(
  queryKey: readonly unknown[],
  roots: readonly (readonly unknown[])[],
): boolean {
  return roots.some((root) => root.every((part, i) => queryKey[i] === part));
}
