import { EyeOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';

/** A revealed code stays on screen this long, then hides (it is asked for again, and logged). */
export const REVEAL_SHOWN_MS = 60_000;

/**
 * A code as revealed: kept in the panel's state only, hidden after a minute or when `hideAt`
 * (the end of the visit's window) comes, whichever is first.
 */
export function RevealedCode({
  label,
  secret,
  hideAt,
  onHide,
}: {
  label: string;
  secret: string;
  hideAt?: string | null;
  onHide: () => void;
}) {
  useEffect(() => {
    const untilEnd = hideAt ? new Date(hideAt).getTime() - Date.now() : REVEAL_SHOWN_MS;
    const timer = setTimeout(onHide, Math.max(0, Math.min(REVEAL_SHOWN_MS, untilEnd)));
    return () => clearTimeout(timer);
  }, [hideAt, onHide]);
  return (
    <div className="mt-2 flex flex-wrap items-start justify-between gap-2 rounded-md border border-primary/30 bg-primary/5 px-3 py-2">
      <p
        className="min-w-0 whitespace-pre-wrap break-words font-mono text-base font-semibold"
        aria-label={`${label}: ${secret}`}
      >
        {secret}
      </p>
      <Button variant="ghost" size="sm" onClick={onHide}>
        <EyeOff aria-hidden="true" />
        Hide
      </Button>
    </div>
  );
}
