import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { sendConfirmationEmail } from '../api/send-confirmation-email';
import { EmailRequestForm } from './email-request-form';

export type CheckEmailReason = 'signed-up' | 'needs-verification' | 'link-failed';

const INTRO: Record<CheckEmailReason, (email: string) => string> = {
  'signed-up': (email) =>
    `We sent a confirmation link to ${email}. Follow it to finish creating your account; it signs you in.`,
  'needs-verification': (email) =>
    email
      ? `Confirm ${email} before signing in: follow the link we e-mailed when you signed up.`
      : 'Confirm your e-mail address before signing in: follow the link we e-mailed when you signed up.',
  'link-failed': () => 'This confirmation link is invalid or has expired. Ask for a new one below.',
};

interface CheckEmailStepProps {
  reason: CheckEmailReason;
  email: string;
  onCancel: (email?: string) => void;
}

/** After sign-up, or for an address not confirmed yet: what to do next, and a new link. */
export function CheckEmailStep({ reason, email, onCancel }: CheckEmailStepProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <Alert tone={reason === 'link-failed' ? 'error' : 'info'}>
        <span className="flex gap-2">
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{INTRO[reason](email)}</span>
        </span>
      </Alert>
      {sentTo ? (
        <Alert tone="success" role="status">
          If {sentTo} has an account waiting for confirmation, a new link is on its way. Check your
          inbox and spam folder.
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground">No e-mail? Ask for a new link.</p>
      )}
      <EmailRequestForm
        label="Send a new confirmation link"
        defaultEmail={email}
        submitLabel="Send a new link"
        pendingLabel="Sending..."
        failureFallback="Could not send the link. Please try again."
        request={sendConfirmationEmail}
        onSent={setSentTo}
        onCancel={onCancel}
      />
    </div>
  );
}
