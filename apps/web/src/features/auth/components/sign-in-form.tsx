import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { credentialsSchema } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { signIn, type SignInInput } from '../api/sign-in';
import { useRefreshSession } from '../api/use-refresh-session';

interface SignInFormProps {
  /** The password was right and the account asks for a second factor next. */
  onTwoFactorRequired: () => void;
}

export function SignInForm({ onTwoFactorRequired }: SignInFormProps) {
  const refreshSession = useRefreshSession();
  const form = useForm<SignInInput>({ defaultValues: { email: '', password: '' } });
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
    mutation.mutate({ email: values.email.trim(), password: values.password });
  });

  const validationError = form.formState.errors.root?.credentials?.message;
  const serverError = mutation.isError
    ? errorMessage(mutation.error, 'Could not sign in. Please try again.')
    : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      {validationError || serverError ? (
        <Alert tone="error">{validationError ?? serverError}</Alert>
      ) : null}
      <FormField label="Email">
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password">
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
