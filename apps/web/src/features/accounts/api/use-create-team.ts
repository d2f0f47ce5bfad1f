import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MESSAGES, teamCreatedMessage } from '@crewdesk/domain';
import { announceThenReload } from '@/lib/session/announce-then-reload';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { createTeam } from './create-team';

/**
 * Spec sections 2 and 8: create the team, make it the stored account (the
 * server already made it the session's), announce it, then reload the page
 * the way a switch does.
 */
export function useCreateTeam() {
  return useMutation({
    mutationFn: (name: string) => createTeam(name),
    onSuccess: (account, name) => {
      writeStorage(STORAGE_KEYS.selectedAccountId, account.account_id);
      announceThenReload(teamCreatedMessage(account.account_name?.trim() || name));
    },
    onError: () => {
      toast.error(MESSAGES.teamCreationFailed.title, {
        description: MESSAGES.teamCreationFailed.description,
      });
    },
  });
}
