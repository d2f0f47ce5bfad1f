import { durationText, SIGN_IN_CODE_MINUTES } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { authErrorMessage } from '@/lib/auth-errors';
import { sendPhoneCode, verifyPhoneCode } from '../api/phone-codes';
import { useRefreshSession } from '../api/use-refresh-session';
import { CodeStepAlert, CodeStepFields, useCodeStep } from './code-step';
import { CodeStepLinks } from './code-step-links';

const checkFailure = (error: unknown) =>
  authErrorMessage(error, 'Could not check the code. Please try again.');

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
  const step = useCodeStep({
    check: async (otp: string) => {
      await verifyPhoneCode(phoneNumber, otp);
      await refreshSession();
    },
    sendAgain: () => sendPhoneCode(phoneNumber),
  });

  return (
    <form onSubmit={step.submit} noValidate className="space-y-4" aria-label="Confirm your phone">
      <CodeStepAlert step={step} codeSource="text message" checkFailure={checkFailure} />
      <Alert tone={step.resend.isSuccess ? 'success' : 'info'}>
        {step.resend.isSuccess ? 'A new code is on its way to ' : 'We texted a code to '}
        <strong className="font-semibold">{phoneNumber}</strong>. It works for{' '}
        {durationText(SIGN_IN_CODE_MINUTES, 'minute')}.
      </Alert>
      <CodeStepFields
        step={step}
        label="Code from the text message"
        submitLabel="Confirm and sign in"
        pendingLabel="Checking..."
      />
      <CodeStepLinks step={step} onBack={onCancel} />
    </form>
  );
}
