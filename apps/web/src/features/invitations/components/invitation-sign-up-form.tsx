import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  invitationSignUpSchema,
  PASSWORD_HINT,
  type InvitationSignUpInput,
} from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { NewPasswordInput, PersonNameFields } from '@/components/person-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-client';
import { signUpFromInvitation } from '../api/sign-up-from-invitation';
import { useFinishJoining } from '../api/use-join';
import { SubmitButton } from '@/components/ui/submit-button';

type Errors = Partial<Record<keyof InvitationSignUpInput, string>>;

/** A short sign-up for the invited address: names and a password; the e-mail is the invitation's. */
export function InvitationSignUpForm({
  invitationId,
  email,
}: {
  invitationId: string;
  email: string;
}) {
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const finish = useFinishJoining();
  const signUp = useMutation({
    mutationFn: (input: InvitationSignUpInput) => signUpFromInvitation(invitationId, input),
    onSuccess: finish,
  });
  const busy = signUp.isPending || signUp.isSuccess;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = invitationSignUpSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof InvitationSignUpInput;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    signUp.mutate(parsed.data);
  }

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    disabled: busy,
  });
  const reasons = isApiError(signUp.error) ? signUp.error.reasons : [];

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create your account" className="space-y-4">
      {signUp.isError ? (
        <Alert tone="error">
          {reasons.length > 0 ? (
            <>
              <p>This password is too weak:</p>
              <ul className="mt-1 list-disc pl-5">
                {reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          ) : (
            errorMessage(signUp.error, 'Could not create your account. Please try again.')
          )}
        </Alert>
      ) : null}
      <FormField label="Email" hint="The address this invitation was sent to.">
        <Input type="email" value={email} readOnly />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonNameFields
          firstName={field('firstName')}
          lastName={field('lastName')}
          errors={{ firstName: errors.firstName, lastName: errors.lastName }}
        />
      </div>
      <FormField label="Password" error={errors.password} hint={PASSWORD_HINT}>
        <NewPasswordInput {...field('password')} />
      </FormField>
      <SubmitButton pending={busy} pendingLabel="Creating account..." className="w-full">
        Create account and join
      </SubmitButton>
    </form>
  );
}
