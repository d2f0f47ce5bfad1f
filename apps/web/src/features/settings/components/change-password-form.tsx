import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PASSWORD_HINT, REQUIRED_MESSAGE } from '@crewdesk/domain';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NEW_PASSWORDS_MISMATCH, newPasswordFields, newPasswordsMatch } from '@/lib/new-password';
import { changePassword } from '../api/change-password';
import { sessionsQueryKey } from '../api/list-sessions';
import { useRefreshSecurity } from '../api/use-refresh-security';
import { NewPasswordInput } from '@/components/person-fields';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';

const schema = z
  .object({
    currentPassword: z.string().min(1, { error: REQUIRED_MESSAGE }),
    // The same rule as at sign-up.
    ...newPasswordFields,
    revokeOtherSessions: z.boolean(),
  })
  .refine(newPasswordsMatch, NEW_PASSWORDS_MISMATCH);

type Values = z.infer<typeof schema>;

const EMPTY: Values = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeOtherSessions: false,
};

export function ChangePasswordForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const refreshSecurity = useRefreshSecurity();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const mutation = useMutation({
    mutationFn: ({ currentPassword, newPassword, revokeOtherSessions }: Values) =>
      changePassword({ currentPassword, newPassword, revokeOtherSessions }),
    onSuccess: async (_result, values) => {
      form.reset(EMPTY);
      toast.success('Password changed', {
        description: values.revokeOtherSessions
          ? 'Your other devices have been signed out.'
          : 'Use the new password the next time you sign in.',
      });
      // Signing the others out also gives this browser a fresh session.
      if (values.revokeOtherSessions) await refreshSecurity();
      else await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
  const { errors } = form.formState;

  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-base font-semibold">Password</h3>
      <MutationForm
        form={form}
        mutation={mutation}
        aria-label="Change password"
        className="mt-4 space-y-4"
      >
        <AuthErrorAlert
          request={mutation}
          fallback="Could not change your password. Please try again."
        />
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="New password" error={errors.newPassword?.message} hint={PASSWORD_HINT}>
            <NewPasswordInput {...form.register('newPassword')} />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <NewPasswordInput {...form.register('confirmPassword')} />
          </FormField>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-revoke`}
            type="checkbox"
            aria-describedby={`${id}-revoke-hint`}
            className="mt-0.5 size-4 shrink-0 accent-primary"
            {...form.register('revokeOtherSessions')}
          />
          <div className="text-sm">
            <label htmlFor={`${id}-revoke`}>Sign out of other devices</label>
            <p id={`${id}-revoke-hint`} className="text-xs text-muted-foreground">
              Recommended if someone else may know your old password.
            </p>
          </div>
        </div>
        <div className="flex justify-end">
          <SubmitButton pending={mutation.isPending} pendingLabel="Changing...">
            Change password
          </SubmitButton>
        </div>
      </MutationForm>
    </Card>
  );
}
