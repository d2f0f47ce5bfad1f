import { TriangleAlert } from 'lucide-react';
import { ERROR_SCREEN } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';

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
    <div role="alert" className="flex min-h-[50vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg border bg-background p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-xl font-semibold">{ERROR_SCREEN.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{ERROR_SCREEN.message}</p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button onClick={onRetry}>{ERROR_SCREEN.tryAgain}</Button>
          <Button variant="outline" onClick={onReload}>
            {ERROR_SCREEN.reloadPage}
          </Button>
        </div>
      </div>
    </div>
  );
}
