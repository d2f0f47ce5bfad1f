import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { signUpSchema } from '@crewdesk/domain';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { BackToSignInLink } from './back-to-sign-in-link';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';

/** Spec section 5: a one-time code (or reset link) request needs an e-mail; the sign-up rule checks it. */
const emailRequestSchema = z.object({ email: signUpSchema.shape.email });

type EmailRequestInput = z.input<typeof emailRequestSchema>;
type EmailRequestValues = z.output<typeof emailRequestSchema>;

interface EmailRequestFormProps {
  /** The form's accessible name. */
  label: string;
  defaultEmail: string;
  submitLabel: string;
  pendingLabel: string;
  failureFallback: string;
  /** The call that e-mails the link or the code. */
  request: (email: string) => Promise<unknown>;
  onSent: (email: string) => void;
  onCancel: () => void;
}

/** Asks for the account's e-mail, then has the server send something to it. */
export function EmailRequestForm({
  label,
  defaultEmail,
  submitLabel,
  pendingLabel,
  failureFallback,
  request,
  onSent,
  onCancel,
}: EmailRequestFormProps) {
  const form = useForm<EmailRequestInput, unknown, EmailRequestValues>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: defaultEmail },
  });
  const mutation = useMutation({
    mutationFn: async ({ email }: EmailRequestValues) => {
      await request(email);
      return email;
    },
    onSuccess: onSent,
  });
  const error = form.formState.errors.email?.message;

  return (
    <MutationForm form={form} mutation={mutation} className="space-y-4" aria-label={label}>
      <AuthErrorAlert request={mutation} fallback={failureFallback} />
      <FormField label="Email" error={error}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          {...form.register('email')}
        />
      </FormField>
      <SubmitButton pending={mutation.isPending} pendingLabel={pendingLabel} className="w-full">
        {submitLabel}
      </SubmitButton>
      <div className="flex justify-center">
        <BackToSignInLink onClick={onCancel} disabled={mutation.isPending} />
      </div>
    </MutationForm>
  );
}
