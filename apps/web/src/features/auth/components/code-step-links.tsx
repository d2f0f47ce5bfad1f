import { Button } from '@/components/ui/button';
import { BackToSignInLink } from './back-to-sign-in-link';
import type { CodeStep } from './code-step';

/** Under a one-time code form (e-mail or text message): ask for a new code, or go back. */
export function CodeStepLinks({ step, onBack }: { step: CodeStep; onBack: () => void }) {
  return (
    <div className="flex flex-col items-center gap-1 sm:flex-row sm:justify-between">
      <Button
        variant="link"
        className="h-auto px-0 py-1"
        onClick={() => step.resend.mutate()}
        disabled={step.busy}
      >
        {step.resend.isPending ? 'Sending...' : 'Send a new code'}
      </Button>
      <BackToSignInLink onClick={onBack} disabled={step.verify.isPending} />
    </div>
  );
}
