import { Button } from '@/components/ui/button';
import { BackToSignInLink } from './back-to-sign-in-link';

interface CodeStepLinksProps {
  onResend: () => void;
  resendPending: boolean;
  /** Either call is running: no second request meanwhile. */
  busy: boolean;
  onBack: () => void;
  backDisabled: boolean;
}

/** Under a one-time code form (e-mail or text message): ask for a new code, or go back. */
export function CodeStepLinks({
  onResend,
  resendPending,
  busy,
  onBack,
  backDisabled,
}: CodeStepLinksProps) {
  return (
    <div className="flex flex-col items-center gap-1 sm:flex-row sm:justify-between">
      <Button variant="link" className="h-auto px-0 py-1" onClick={onResend} disabled={busy}>
        {resendPending ? 'Sending...' : 'Send a new code'}
      </Button>
      <BackToSignInLink onClick={onBack} disabled={backDisabled} />
    </div>
  );
}
