import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, signUpSchema, type SignUpValues } from '@crewdesk/domain';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { signUp } from '../api/sign-up';
import { useRefreshSession } from '../api/use-refresh-session';

type SignUpInput = z.input<typeof signUpSchema>;

interface SignUpFormProps {
  /** The account exists and waits for its address to be confirmed (no session yet). */
  onConfirmationSent: (email: string) => void;
}

export function SignUpForm({ onConfirmationSent }: SignUpFormProps) {
  const refreshSession = useRefreshSession();
  const form = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '', firstName: '', lastName: '', businessName: '' },
  });
  const mutation = useMutation({
    mutationFn: async (values: SignUpValues) => {
      const result = await signUp(values);
      // A session only when the server signs new users in at once (confirmation not required).
      if (result.token) await refreshSession();
      return values.email;
    },
    onSuccess: onConfirmationSent,
  });
  const { errors } = form.formState;

  return (
    <form
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      noValidate
      className="space-y-4"
      aria-label="Create account"
    >
      {mutation.isError ? (
        <AuthErrorAlert
          error={mutation.error}
          fallback="Could not create your account. Please try again."
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" optional error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" optional error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Business name" optional error={errors.businessName?.message}>
        <Input autoComplete="organization" {...form.register('businessName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating account...' : 'Create account'}
      </Button>
      <p className="text-xs text-muted-foreground">
        Your account and a business account you own are created on this installation. We e-mail you
        a link to confirm your address.
      </p>
    </form>
  );
}
