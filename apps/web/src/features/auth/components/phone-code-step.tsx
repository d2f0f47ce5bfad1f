import { durationText, SIGN_IN_CODE_MINUTES } from '@crewdesk/domain';
import { useMutation } from '@tanstack/react-query';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import {
  ONE_TIME_CODE_LENGTH,
  OneTimeCodeInput,
  useOneTimeCodeForm,
} from '@/components/ui/one-time-code-input';
import { authErrorMessage } from '@/lib/auth-errors';
import { sendPhoneCode, verifyPhoneCode } from '../api/phone-codes';
import { useRefreshSession } from '../api/use-refresh-session';
import { CodeStepLinks } from './code-step-links';

interface PhoneCodeStepProps {
  phoneNumber: string;
  onCancel: () => void;
}

/**
 * After a sign-up (or a first sign-in) with a phone number: the texted code confirms the number
 * and signs the user in; the page then moves on.
 */
export function PhoneCodeStep({ phoneNumber, onCancel }: PhoneCodeStepProps) {
  const refreshSession = useRefreshSession();
  const codeForm = useOneTimeCodeForm();
  const verify = useMutation({
    mutationFn: async (otp: string) => {
      await verifyPhoneCode(phoneNumber, otp);
      await refreshSession();
    },
  });
  const resend = useMutation({
    mutationFn: () => sendPhoneCode(phoneNumber),
    onMutate: () => {
      verify.reset();
      codeForm.clear();
    },
  });

  const busy = verify.isPending || resend.isPending;

  return (
    <form
      onSubmit={codeForm.submitWith((code) => verify.mutate(code))}
      noValidate
      className="space-y-4"
      aria-label="Confirm your phone"
    >
      {codeForm.incomplete ? (
        <Alert tone="error">
          Enter the {ONE_TIME_CODE_LENGTH}-digit code from the text message.
        </Alert>
      ) : verify.isError ? (
        <Alert tone="error">
          {authErrorMessage(verify.error, 'Could not check the code. Please try again.')}
        </Alert>
      ) : resend.isError ? (
        <AuthErrorAlert
          error={resend.error}
          fallback="Could not send a new code. Please try again."
        />
      ) : null}
      <Alert tone={resend.isSuccess ? 'success' : 'info'}>
        {resend.isSuccess ? 'A new code is on its way to ' : 'We texted a code to '}
        <strong className="font-semibold">{phoneNumber}</strong>. It works for{' '}
        {durationText(SIGN_IN_CODE_MINUTES, 'minute')}.
      </Alert>
      <FormField label="Code from the text message">
        <OneTimeCodeInput value={codeForm.code} onValueChange={codeForm.setCode} autoFocus />
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {verify.isPending ? 'Checking...' : 'Confirm and sign in'}
      </Button>
      <CodeStepLinks
        onResend={() => resend.mutate()}
        resendPending={resend.isPending}
        busy={busy}
        onBack={onCancel}
        backDisabled={verify.isPending}
      />
    </form>
  );
}
