import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { durationText, PASSWORD_HINT, PASSWORD_RESET_LINK_HOURS } from '@crewdesk/domain';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { NEW_PASSWORDS_MISMATCH, newPasswordFields, newPasswordsMatch } from '@/lib/new-password';
import { forgetLocalSession } from '@/lib/session/sign-out';
import { resetPassword } from '../api/reset-password';
import { AuthShell } from '../components/auth-shell';
import type { AuthPageState } from './auth-page';
import { NewPasswordInput } from '@/components/person-fields';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';

const schema = z.object(newPasswordFields).refine(newPasswordsMatch, NEW_PASSWORDS_MISMATCH);

type Values = z.infer<typeof schema>;

/** better-auth's code for a reset token that has expired or was used. */
const INVALID_TOKEN = 'INVALID_TOKEN';

function BackToSignIn() {
  return (
    <div className="flex justify-center">
      <Button asChild variant="link" className="h-auto px-0 py-1 text-muted-foreground">
        <Link to="/auth">Back to sign in</Link>
      </Button>
    </div>
  );
}

/** The link was refused by the server, or arrived without its token. */
function LinkNotUsable({ incomplete }: { incomplete: boolean }) {
  return (
    <AuthShell
      title="Reset your password"
      description={`A reset link works once, for ${durationText(PASSWORD_RESET_LINK_HOURS, 'hour')} after it was sent.`}
    >
      <div className="space-y-4">
        <Alert tone="error">
          {incomplete
            ? 'This link is not complete. Open it from the e-mail again, or ask for a new one.'
            : 'This link has expired or was already used.'}
        </Alert>
        <Button asChild className="w-full">
          <Link to="/auth?step=forgot-password">Ask for a new link</Link>
        </Button>
        <BackToSignIn />
      </div>
    </AuthShell>
  );
}

function NewPasswordForm({ token, onRefused }: { token: string; onRefused: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: ({ newPassword }: Values) => resetPassword({ newPassword, token }),
    onSuccess: () => {
      // The server has ended every session of the user, this browser's included.
      forgetLocalSession(queryClient);
      toast.success('Password changed', {
        description: 'Every device that was signed in to your account has been signed out.',
      });
      const state: AuthPageState = { passwordChanged: true };
      void navigate('/auth', { replace: true, state });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === INVALID_TOKEN) onRefused();
    },
  });
  const { errors } = form.formState;

  return (
    <MutationForm
      form={form}
      mutation={mutation}
      className="space-y-4"
      aria-label="Choose a new password"
    >
      <AuthErrorAlert
        request={mutation}
        fallback="Could not change your password. Please try again."
      />
      <FormField label="New password" error={errors.newPassword?.message} hint={PASSWORD_HINT}>
        <NewPasswordInput autoFocus {...form.register('newPassword')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <NewPasswordInput {...form.register('confirmPassword')} />
      </FormField>
      <SubmitButton pending={mutation.isPending} pendingLabel="Changing..." className="w-full">
        Change password
      </SubmitButton>
      <BackToSignIn />
    </MutationForm>
  );
}

/**
 * Where the password-reset e-mail lands: the server checks the link's token,
 * then sends the browser here with `?token=`, or with `?error=INVALID_TOKEN`.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [refused, setRefused] = useState(false);

  if (params.get('error') !== null || refused) return <LinkNotUsable incomplete={false} />;
  if (!token) return <LinkNotUsable incomplete />;
  return (
    <AuthShell
      title="Choose a new password"
      description="Every device signed in to your account will be signed out."
    >
      <NewPasswordForm token={token} onRefused={() => setRefused(true)} />
    </AuthShell>
  );
}
