import { durationText, SIGN_IN_CODE_MINUTES } from '@crewdesk/domain';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ONE_TIME_CODE_LENGTH } from '@/components/ui/one-time-code-input';
import { isApiError } from '@/lib/api-client';
import { authErrorMessage } from '@/lib/auth-errors';
import { sendSignInCode } from '../api/send-sign-in-code';
import { signInWithCode } from '../api/sign-in-with-code';
import { useRefreshSession } from '../api/use-refresh-session';
import { CodeStepAlert, CodeStepFields, useCodeStep } from './code-step';
import { CodeStepLinks } from './code-step-links';
import { EmailRequestForm } from './email-request-form';

/** better-auth voids a code after its time or after too many wrong tries: only a new one helps. */
const CODE_IS_VOID = new Set(['OTP_EXPIRED', 'TOO_MANY_ATTEMPTS']);

function failureText(error: unknown): string {
  const message = authErrorMessage(error, 'Could not check the code. Please try again.');
  if (isApiError(error) && CODE_IS_VOID.has(error.code))
    return `${message}. Send a new code and try again.`;
  return message;
}

interface EmailCodeStepProps {
  /** The e-mail typed on the sign-in form, if any. */
  defaultEmail: string;
  /** Back to the e-mail and password form, with the e-mail used here. */
  onCancel: (email: string) => void;
  /** The account asks for a second factor after the code. */
  onTwoFactorRequired: () => void;
}

/**
 * Sign-in with a one-time code sent by e-mail instead of the password. Success
 * signs in exactly like the password form (the page then goes to the return path).
 */
export function EmailCodeStep({ defaultEmail, onCancel, onTwoFactorRequired }: EmailCodeStepProps) {
  const refreshSession = useRefreshSession();
  const [email, setEmail] = useState(defaultEmail);
  const [sent, setSent] = useState(false);
  const step = useCodeStep({
    check: async (otp: string) => {
      const result = await signInWithCode({ email, otp });
      if (result?.twoFactorRedirect) return 'two-factor' as const;
      await refreshSession();
      return 'signed-in' as const;
    },
    sendAgain: () => sendSignInCode(email),
    onChecked: (outcome) => {
      if (outcome === 'two-factor') onTwoFactorRequired();
    },
  });

  if (!sent) {
    return (
      <EmailRequestForm
        label="Email me a sign-in code"
        defaultEmail={email}
        submitLabel="Send code"
        pendingLabel="Sending..."
        failureFallback="Could not send the code. Please try again."
        request={sendSignInCode}
        onSent={(sentTo) => {
          setEmail(sentTo);
          setSent(true);
        }}
        onCancel={() => onCancel(email)}
      />
    );
  }

  return (
    <form onSubmit={step.submit} noValidate className="space-y-4" aria-label="Sign in with a code">
      <CodeStepAlert step={step} codeSource="e-mail" checkFailure={failureText} />
      {step.resend.isSuccess ? (
        <Alert tone="success">
          A new code is on its way to <strong className="font-semibold break-all">{email}</strong>.
          The earlier one no longer works.
        </Alert>
      ) : (
        <Alert>
          If an account exists for <strong className="font-semibold break-all">{email}</strong>, we
          have sent it a {ONE_TIME_CODE_LENGTH}-digit sign-in code. It works for{' '}
          {durationText(SIGN_IN_CODE_MINUTES, 'minute')}.
        </Alert>
      )}
      <CodeStepFields
        step={step}
        label="Sign-in code"
        hint="The code is in the e-mail's subject and text."
        submitLabel="Sign in"
        pendingLabel="Signing in..."
      />
      <CodeStepLinks step={step} onBack={() => onCancel(email)} />
    </form>
  );
}
