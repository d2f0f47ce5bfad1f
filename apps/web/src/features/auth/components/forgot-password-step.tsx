import { useState } from 'react';
import { durationText, PASSWORD_RESET_LINK_HOURS } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { requestPasswordReset } from '../api/request-password-reset';
import { EmailRequestForm } from './email-request-form';
import { PhonePasswordReset } from './phone-password-reset';

interface ForgotPasswordStepProps {
  /** The e-mail typed on the sign-in form, if any. */
  defaultEmail: string;
  /** Back to the e-mail and password form, with the e-mail used here. */
  onCancel: (email: string) => void;
  /** A phone user set a new password with a texted code. */
  onPasswordChanged: () => void;
}

/**
 * "Forgot password?": e-mails a link to choose a new password. The answer is
 * the same whether or not the e-mail has an account, and so is this screen.
 */
export function ForgotPasswordStep({
  defaultEmail,
  onCancel,
  onPasswordChanged,
}: ForgotPasswordStepProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [sent, setSent] = useState(false);
  const [byPhone, setByPhone] = useState(false);

  if (byPhone) {
    return <PhonePasswordReset onCancel={() => onCancel(email)} onReset={onPasswordChanged} />;
  }

  if (sent) {
    return (
      <div className="space-y-4">
        <Alert tone="success">
          If an account exists for <strong className="font-semibold break-all">{email}</strong>, we
          have sent a link to reset the password. It works for{' '}
          {durationText(PASSWORD_RESET_LINK_HOURS, 'hour')}.
        </Alert>
        <p className="text-sm text-muted-foreground">
          Nothing after a few minutes? Check the spam folder, or try the e-mail you signed up with.
        </p>
        <Button variant="outline" className="w-full" onClick={() => onCancel(email)} autoFocus>
          Back to sign in
        </Button>
        <div className="flex justify-center">
          <Button
            variant="link"
            className="h-auto px-0 py-1 text-muted-foreground"
            onClick={() => setSent(false)}
          >
            Use another e-mail
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <EmailRequestForm
        label="Reset password"
        defaultEmail={email}
        submitLabel="Send reset link"
        pendingLabel="Sending..."
        failureFallback="Could not send the link. Please try again."
        request={requestPasswordReset}
        onSent={(sentTo) => {
          setEmail(sentTo);
          setSent(true);
        }}
        onCancel={() => onCancel(email)}
      />
      <div className="flex justify-center">
        <Button variant="link" className="h-auto px-0 py-1" onClick={() => setByPhone(true)}>
          Signed up with a phone number? Reset by text message
        </Button>
      </div>
    </div>
  );
}
