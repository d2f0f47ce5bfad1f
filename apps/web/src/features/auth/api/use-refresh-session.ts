import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { meQueryOptions } from '@/lib/session/get-me';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * After signing in, load the user now so the auth gate lets them through. A sign-in starts in the
 * business the person last worked in (the server remembers it per person, decision 052): that
 * becomes this browser's stored choice, so the spec's rule (the stored selectedAccountId wins)
 * finds it on a new device, and a choice left here by an earlier session does not pull them back.
 */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    if (me?.activeAccountId) writeStorage(STORAGE_KEYS.selectedAccountId, me.activeAccountId);
  }, [queryClient]);
}
