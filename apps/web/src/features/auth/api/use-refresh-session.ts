import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { meQueryOptions } from '@/lib/session/get-me';

/** After signing in, load the user now so the auth gate lets them through. */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  }, [queryClient]);
}
