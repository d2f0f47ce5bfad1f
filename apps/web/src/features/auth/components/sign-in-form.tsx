import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  credentialsSchema,
  looksLikePhoneNumber,
  normalizePhoneNumber,
  PHONE_NUMBER_MESSAGE,
} from '@crewdesk/domain';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { signIn, type SignInInput } from '../api/sign-in';
import { useRefreshSession } from '../api/use-refresh-session';
import { SubmitButton } from '@/components/ui/submit-button';

interface SignInFormProps {
  /** The e-mail typed before a detour through another step. */
  defaultEmail?: string;
  /** The password was right and the account asks for a second factor next. */
  onTwoFactorRequired: () => void;
  /** "Forgot password?", with the e-mail typed so far. */
  onForgotPassword: (email: string) => void;
  /** "Email me a sign-in code", with the e-mail typed so far. */
  onEmailCode: (email: string) => void;
  /** The password was right but the address is not confirmed yet. */
  onNeedsVerification: (email: string) => void;
  /** The number is not confirmed yet: a code was texted to it. */
  onPhoneNotVerified: (phoneNumber: string) => void;
}

/** better-auth's codes when the password is right but the address or number is not confirmed. */
const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
const PHONE_NUMBER_NOT_VERIFIED = 'PHONE_NUMBER_NOT_VERIFIED';

export function SignInForm({
  defaultEmail = '',
  onTwoFactorRequired,
  onForgotPassword,
  onEmailCode,
  onNeedsVerification,
  onPhoneNotVerified,
}: SignInFormProps) {
  const refreshSession = useRefreshSession();
  const form = useForm<SignInInput>({ defaultValues: { email: defaultEmail, password: '' } });
  const mutation = useMutation({
    mutationFn: async (values: SignInInput) => {
      const result = await signIn(values);
      // No session yet: only the two-factor cookie, until the code is checked.
      if (result?.twoFactorRedirect) return 'two-factor' as const;
      await refreshSession();
      return 'signed-in' as const;
    },
    onSuccess: (outcome) => {
      if (outcome === 'two-factor') onTwoFactorRequired();
    },
    onError: (error, values) => {
      if (!isApiError(error)) return;
      if (error.code === EMAIL_NOT_VERIFIED) onNeedsVerification(values.email);
      if (error.code === PHONE_NUMBER_NOT_VERIFIED) {
        onPhoneNotVerified(normalizePhoneNumber(values.email) ?? values.email);
      }
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    // Spec section 5: one message whichever part is missing.
    const parsed = credentialsSchema.safeParse(values);
    if (!parsed.success) {
      form.setError('root.credentials', {
        message: parsed.error.issues[0]?.message ?? 'Invalid input',
      });
      return;
    }
    // One field takes either; what looks like a phone number signs in by number.
    const typed = values.email.trim();
    if (looksLikePhoneNumber(typed) && normalizePhoneNumber(typed) === null) {
      form.setError('root.credentials', { message: PHONE_NUMBER_MESSAGE });
      return;
    }
    mutation.mutate({ email: typed, password: values.password });
  });

  const typedEmail = () => form.getValues('email').trim();
  const validationError = form.formState.errors.root?.credentials?.message;

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
        {validationError ? (
          <Alert tone="error">{validationError}</Alert>
        ) : (
          <AuthErrorAlert request={mutation} fallback="Could not sign in. Please try again." />
        )}
        <FormField label="Email or phone">
          <Input autoComplete="username" inputMode="email" {...form.register('email')} />
        </FormField>
        <div className="space-y-1">
          <FormField label="Password">
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <div className="flex justify-end">
            <Button
              variant="link"
              className="h-auto px-0 py-1 text-sm"
              onClick={() => onForgotPassword(typedEmail())}
            >
              Forgot password?
            </Button>
          </div>
        </div>
        <SubmitButton pending={mutation.isPending} pendingLabel="Signing in..." className="w-full">
          Sign in
        </SubmitButton>
      </form>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="outline" className="w-full" onClick={() => onEmailCode(typedEmail())}>
        <Mail aria-hidden="true" />
        Email me a sign-in code
      </Button>
    </div>
  );
}
