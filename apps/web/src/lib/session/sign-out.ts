import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SIGN_OUT_FAILURE, SIGN_OUT_SUCCESS } from '@crewdesk/domain';
import { apiRequest, isApiError } from '@/lib/api-client';
import { forgetLocalSession } from './forget-local-session';

export { forgetLocalSession };

/** Spec section 8: logout ignores 401, 403 and 404 (the session is already gone). */
function ignoreGone(error: unknown): void {
  if (isApiError(error) && [401, 403, 404].includes(error.status)) return;
  throw error;
}

export async function signOut(): Promise<void> {
  // "End the session on all devices" (spec section 4): revoke every session, then this one.
  await apiRequest('/auth/revoke-sessions', { method: 'POST', body: {} }).catch(ignoreGone);
  await apiRequest('/auth/sign-out', { method: 'POST', body: {} }).catch(ignoreGone);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      forgetLocalSession(queryClient);
      toast.success(SIGN_OUT_SUCCESS.title, { description: SIGN_OUT_SUCCESS.description });
      void navigate('/auth', { replace: true });
    },
    onError: () => {
      toast.error(SIGN_OUT_FAILURE.title, { description: SIGN_OUT_FAILURE.description });
    },
  });
}
