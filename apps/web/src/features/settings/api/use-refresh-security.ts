import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { meQueryKey } from '@/lib/session/get-me';
import { currentSessionQueryKey } from './current-session';
import { sessionsQueryKey } from './list-sessions';

/**
 * After a change that replaces this browser's session (two-factor on or off,
 * a password change that signs other devices out): read the session, the
 * device list and the user again. A fresh session may also start on another
 * account, which the auth gate then puts right.
 */
export function useRefreshSecurity(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: currentSessionQueryKey }),
      queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
  }, [queryClient]);
}
