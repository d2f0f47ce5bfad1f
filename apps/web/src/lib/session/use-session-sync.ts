import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { STORAGE_KEYS } from '@/lib/storage';
import { meQueryKey } from './get-me';
import { markSignedOut } from './sign-out-state';

/**
 * Keeps this tab in step with the others (spec section 4): a sign-out
 * elsewhere signs this tab out, and a change of selectedAccountId updates the
 * context here.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.storageArea !== window.localStorage) return;
      const clearedAll = event.key === null;
      if (clearedAll || (event.key === STORAGE_KEYS.authSession && event.newValue === null)) {
        markSignedOut();
        queryClient.setQueryData(meQueryKey, null);
        return;
      }
      if (event.key === STORAGE_KEYS.selectedAccountId || event.key === STORAGE_KEYS.authSession) {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}
