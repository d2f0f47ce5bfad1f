import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PageLoading } from '@/components/ui/page-loading';
import { confirmEmail } from '../api/confirm-email';
import { useRefreshSession } from '../api/use-refresh-session';
import { CheckEmailStep } from './check-email-step';

interface ConfirmEmailLinkProps {
  token: string;
  /** Confirmed (a signed-in user moves on by themselves; otherwise they sign in). */
  onConfirmed: () => void;
  /** Leave the failed link for the sign-in form. */
  onCancel: () => void;
}

/**
 * /auth/confirm?token=…: confirms the address once. Signed in, the auth page moves on (to
 * onboarding for a new account); a link followed a second time asks the user to sign in.
 */
export function ConfirmEmailLink({ token, onConfirmed, onCancel }: ConfirmEmailLinkProps) {
  const refreshSession = useRefreshSession();
  const started = useRef(false);
  const confirm = useMutation({
    mutationFn: async () => {
      await confirmEmail(token);
      await refreshSession();
    },
    onSuccess: onConfirmed,
  });
  const { mutate } = confirm;

  useEffect(() => {
    // Once: the token signs in only the first time it is used.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (confirm.isError) return <CheckEmailStep reason="link-failed" email="" onCancel={onCancel} />;
  return <PageLoading />;
}
