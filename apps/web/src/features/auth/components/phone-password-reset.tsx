import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  durationText,
  normalizePhoneNumber,
  PASSWORD_HINT,
  PHONE_NUMBER_MESSAGE,
  SIGN_IN_CODE_MINUTES,
} from '@crewdesk/domain';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  isCompleteOneTimeCode,
  ONE_TIME_CODE_LENGTH,
  OneTimeCodeInput,
} from '@/components/ui/one-time-code-input';
import { NEW_PASSWORDS_MISMATCH, newPasswordFields, newPasswordsMatch } from '@/lib/new-password';
import { requestPhonePasswordReset, resetPasswordWithPhoneCode } from '../api/phone-codes';
import { BackToSignInLink } from './back-to-sign-in-link';
import { NewPasswordInput } from '@/components/person-fields';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';

const numberSchema = z.object({
  phoneNumber: z.string().refine((value) => normalizePhoneNumber(value) !== null, {
    error: PHONE_NUMBER_MESSAGE,
  }),
});

const resetSchema = z
  .object({
    otp: z.string().refine(isCompleteOneTimeCode, {
      error: `Enter the ${ONE_TIME_CODE_LENGTH}-digit code from the text message.`,
    }),
    ...newPasswordFields,
  })
  .refine(newPasswordsMatch, NEW_PASSWORDS_MISMATCH);

interface PhonePasswordResetProps {
  onCancel: () => void;
  /** The password is changed (every session ended): sign in with the new one. */
  onReset: () => void;
}

/** "Forgot password?" for an account made with a phone number: a texted code, then a new password. */
export function PhonePasswordReset({ onCancel, onReset }: PhonePasswordResetProps) {
  const [phoneNumber, setPhoneNumber] = useState<string | null>(null);
  const numberForm = useForm<z.infer<typeof numberSchema>>({
    resolver: zodResolver(numberSchema),
    defaultValues: { phoneNumber: '' },
  });
  const resetForm = useForm<z.infer<typeof resetSchema>>({
    resolver: zodResolver(resetSchema),
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
  });
  const request = useMutation({
    mutationFn: async (typed: string) => {
      const normalized = normalizePhoneNumber(typed) ?? typed;
      await requestPhonePasswordReset(normalized);
      return normalized;
    },
    onSuccess: setPhoneNumber,
  });
  const reset = useMutation({
    mutationFn: (values: z.infer<typeof resetSchema>) =>
      resetPasswordWithPhoneCode({
        phoneNumber: phoneNumber ?? '',
        otp: values.otp,
        newPassword: values.newPassword,
      }),
    onSuccess: onReset,
  });

  if (!phoneNumber) {
    const error = numberForm.formState.errors.phoneNumber?.message;
    return (
      <form
        onSubmit={numberForm.handleSubmit((values) => request.mutate(values.phoneNumber))}
        noValidate
        className="space-y-4"
        aria-label="Reset password by text message"
      >
        <AuthErrorAlert request={request} fallback="Could not send the code. Please try again." />
        <FormField label="Phone" error={error}>
          <Input
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            autoFocus
            {...numberForm.register('phoneNumber')}
          />
        </FormField>
        <SubmitButton pending={request.isPending} pendingLabel="Sending..." className="w-full">
          Text me a code
        </SubmitButton>
        <div className="flex justify-center">
          <BackToSignInLink onClick={onCancel} />
        </div>
      </form>
    );
  }

  const { errors } = resetForm.formState;
  return (
    <MutationForm
      form={resetForm}
      mutation={reset}
      className="space-y-4"
      aria-label="Choose a new password"
    >
      <AuthErrorAlert request={reset} fallback="Could not change the password. Please try again." />
      <Alert>
        If an account exists for <strong className="font-semibold">{phoneNumber}</strong>, we have
        texted it a {ONE_TIME_CODE_LENGTH}-digit code. It works for{' '}
        {durationText(SIGN_IN_CODE_MINUTES, 'minute')}.
      </Alert>
      <Controller
        control={resetForm.control}
        name="otp"
        render={({ field }) => (
          <FormField label="Code from the text message" error={errors.otp?.message}>
            <OneTimeCodeInput value={field.value} onValueChange={field.onChange} autoFocus />
          </FormField>
        )}
      />
      <FormField label="New password" error={errors.newPassword?.message} hint={PASSWORD_HINT}>
        <NewPasswordInput {...resetForm.register('newPassword')} />
      </FormField>
      <FormField label="Repeat the new password" error={errors.confirmPassword?.message}>
        <NewPasswordInput {...resetForm.register('confirmPassword')} />
      </FormField>
      <SubmitButton pending={reset.isPending} pendingLabel="Saving..." className="w-full">
        Save new password
      </SubmitButton>
      <div className="flex justify-center">
        <Button
          variant="link"
          className="h-auto px-0 py-1 text-muted-foreground"
          onClick={() => setPhoneNumber(null)}
        >
          Use another number
        </Button>
      </div>
    </MutationForm>
  );
}
