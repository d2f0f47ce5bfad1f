import { QueryClient } from '@tanstack/react-query';

/** Spec section 7, client cache: data stays fresh 5 minutes. */
const FIVE_MINUTES = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: 1,
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
      },
    },
  });
}
