import { cn } from '@/lib/cn';

/** Spec section 2: screens load on demand and show the text Loading... meanwhile. */
export function PageLoading({ className }: { className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center p-10', className)}
    >
      <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-muted-foreground/30 border-t-primary"
        />
        Loading...
      </span>
    </div>
  );
}
