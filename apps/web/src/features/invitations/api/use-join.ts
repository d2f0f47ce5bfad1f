import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { meQueryKey } from '@/lib/session/get-me';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import type { AcceptedInvitation } from './accept-invitation';

/**
 * After joining: the business becomes the stored account (as the account switcher does), the
 * session is read again, and the user goes home. No onboarding: an invited member skips it.
 */
export function useFinishJoining() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (accepted: AcceptedInvitation) => {
    writeStorage(STORAGE_KEYS.selectedAccountId, accepted.accountId);
    // Data of the account used before belongs to another business.
    queryClient.removeQueries({
      predicate: (query) => ![meQueryKey[0], 'invitation'].includes(String(query.queryKey[0])),
    });
    await queryClient.resetQueries({ queryKey: meQueryKey });
    toast.success(`Welcome to ${accepted.businessName}`, {
      description: 'You joined the team.',
    });
    await navigate('/', { replace: true });
  };
}
