import { TriangleAlert } from 'lucide-react';
import { ERROR_SCREEN } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { AlertScreen } from './alert-screen';

interface ErrorScreenProps {
  onRetry: () => void;
  onReload?: () => void;
}

/** Spec section 2: the screen for an unexpected failure. */
export function ErrorScreen({
  onRetry,
  onReload = () => window.location.reload(),
}: ErrorScreenProps) {
  return (
    <AlertScreen icon={TriangleAlert} title={ERROR_SCREEN.title} message={ERROR_SCREEN.message}>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Button onClick={onRetry}>{ERROR_SCREEN.tryAgain}</Button>
        <Button variant="outline" onClick={onReload}>
          {ERROR_SCREEN.reloadPage}
        </Button>
      </div>
    </AlertScreen>
  );
}
