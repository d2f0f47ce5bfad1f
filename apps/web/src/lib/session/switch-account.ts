import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountDisplayName, accountSwitchedMessage, type BusinessAccount } from '@crewdesk/domain';
import { errorMessage } from '@/lib/api-client';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { switchActiveAccount } from './active-account';
import { announceThenReload } from './announce-then-reload';

/** Spec section 4: set it active, store the id, toast, then reload the page. */
export function useSwitchAccount() {
  return useMutation({
    mutationFn: (account: BusinessAccount) => switchActiveAccount(account.account_id),
    onSuccess: (_result, account) => {
      writeStorage(STORAGE_KEYS.selectedAccountId, account.account_id);
      announceThenReload(accountSwitchedMessage(accountDisplayName(account)));
    },
    onError: (error) => {
      toast.error('Could not switch account', {
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });
}
