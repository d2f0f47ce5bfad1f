import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  credentialsSchema,
  PASSWORD_HINT,
  phoneSignUpSchema,
  signUpSchema,
} from '@crewdesk/domain';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { Alert } from '@/components/ui/alert';
import {
  BusinessNameInput,
  NewPasswordInput,
  FormPersonNameFields,
} from '@/components/person-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { signUp } from '../api/sign-up';
import { signUpWithPhone } from '../api/sign-up-with-phone';
import { SubmitButton } from '@/components/ui/submit-button';

type Method = 'email' | 'phone';

interface SignUpFields {
  contact: string;
  password: string;
  firstName: string;
  lastName: string;
  businessName: string;
}

type Submission =
  | { method: 'email'; values: z.output<typeof signUpSchema> }
  | { method: 'phone'; values: z.output<typeof phoneSignUpSchema> };

interface SignUpFormProps {
  /** The account exists and waits for its address to be confirmed (no session yet). */
  onConfirmationSent: (email: string) => void;
  /** The account exists and waits for the code texted to its number. */
  onPhoneCodeSent: (phoneNumber: string) => void;
}

const methodButton =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium transition-colors aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm text-muted-foreground hover:text-foreground';

/** Spec section 5: sign-up needs an e-mail or a phone number, and a password. */
export function SignUpForm({ onConfirmationSent, onPhoneCodeSent }: SignUpFormProps) {
  const [method, setMethod] = useState<Method>('email');
  const form = useForm<SignUpFields>({
    defaultValues: { contact: '', password: '', firstName: '', lastName: '', businessName: '' },
  });
  const mutation = useMutation({
    mutationFn: async (submission: Submission) => {
      if (submission.method === 'phone') {
        await signUpWithPhone(submission.values);
        return submission;
      }
      await signUp(submission.values);
      return submission;
    },
    onSuccess: (submission) => {
      if (submission.method === 'phone') onPhoneCodeSent(submission.values.phoneNumber);
      else onConfirmationSent(submission.values.email);
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((fields) => {
    form.clearErrors();
    const contact = method === 'email' ? { email: fields.contact } : { phone: fields.contact };
    const credentials = credentialsSchema.safeParse({ ...contact, password: fields.password });
    if (!credentials.success) {
      form.setError('root.credentials', {
        message: credentials.error.issues[0]?.message ?? 'Invalid input',
      });
      return;
    }
    const names = {
      firstName: fields.firstName,
      lastName: fields.lastName,
      businessName: fields.businessName,
      password: fields.password,
    };
    const parsed =
      method === 'email'
        ? signUpSchema.safeParse({ ...names, email: fields.contact })
        : phoneSignUpSchema.safeParse({ ...names, phoneNumber: fields.contact });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        const field = key === 'email' || key === 'phoneNumber' ? 'contact' : key;
        if (typeof field === 'string') {
          form.setError(field as keyof SignUpFields, { message: issue.message });
        }
      }
      return;
    }
    mutation.mutate(
      method === 'email'
        ? { method, values: parsed.data as z.output<typeof signUpSchema> }
        : { method, values: parsed.data as z.output<typeof phoneSignUpSchema> },
    );
  });

  const chooseMethod = (next: Method) => {
    setMethod(next);
    form.setValue('contact', '');
    form.clearErrors();
    mutation.reset();
  };
  const credentialsError = errors.root?.credentials?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create account">
      {credentialsError ? (
        <Alert tone="error">{credentialsError}</Alert>
      ) : (
        <AuthErrorAlert
          request={mutation}
          fallback="Could not create your account. Please try again."
        />
      )}
      <p id="sign-up-method" className="text-sm font-medium">
        Sign up with
      </p>
      <div
        role="group"
        aria-labelledby="sign-up-method"
        className="-mt-2 flex gap-1 rounded-lg bg-muted p-1"
      >
        {(['email', 'phone'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={method === option}
            className={cn(methodButton)}
            onClick={() => chooseMethod(option)}
          >
            {option === 'email' ? 'Email' : 'Phone'}
          </button>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormPersonNameFields form={form} optional />
      </div>
      <FormField label="Business name" optional error={errors.businessName?.message}>
        <BusinessNameInput {...form.register('businessName')} />
      </FormField>
      {method === 'email' ? (
        <FormField key="email" label="Email" error={errors.contact?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register('contact')}
          />
        </FormField>
      ) : (
        <FormField
          key="phone"
          label="Phone"
          error={errors.contact?.message}
          hint="With the country code for a number abroad, e.g. +44 20 7946 0958."
        >
          <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register('contact')} />
        </FormField>
      )}
      <FormField label="Password" error={errors.password?.message} hint={PASSWORD_HINT}>
        <NewPasswordInput {...form.register('password')} />
      </FormField>
      <SubmitButton
        pending={mutation.isPending}
        pendingLabel="Creating account..."
        className="w-full"
      >
        Create account
      </SubmitButton>
      <p className="text-xs text-muted-foreground">
        Your account and a business account you own are created on this installation.{' '}
        {method === 'email'
          ? 'We e-mail you a link to confirm your address.'
          : 'We text you a code to confirm your number.'}
      </p>
    </form>
  );
}
