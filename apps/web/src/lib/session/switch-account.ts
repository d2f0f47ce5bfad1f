import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountDisplayName, accountSwitchedMessage, type BusinessAccount } from '@crewdesk/domain';
import { errorMessage } from '@/lib/api-client';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { switchActiveAccount } from './active-account';

/** Long enough to read the toast before the page reloads. */
export const RELOAD_DELAY_MS = 900;

/** Indirection so tests can observe the reload (jsdom cannot navigate). */
export const pageReloader = { reload: (): void => window.location.reload() };

/** Spec section 4: set it active, store the id, toast, then reload the page. */
export function useSwitchAccount() {
  return useMutation({
    mutationFn: (account: BusinessAccount) => switchActiveAccount(account.account_id),
    onSuccess: (_result, account) => {
      writeStorage(STORAGE_KEYS.selectedAccountId, account.account_id);
      const message = accountSwitchedMessage(accountDisplayName(account));
      toast.success(message.title, { description: message.description });
      window.setTimeout(() => pageReloader.reload(), RELOAD_DELAY_MS);
    },
    onError: (error) => {
      toast.error('Could not switch account', {
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });
}
