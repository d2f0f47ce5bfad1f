import { cn } from '@/lib/cn';

/**
 * Spec section 2: screens load on demand and show the text Loading... meanwhile. While the
 * server's first paint still shows (lib/first-paint.ts), which says Loading... under the screen's
 * heading, this one stays hidden behind it (index.css).
 */
export function PageLoading({ className }: { className?: string }) {
  return (
    <div
      data-page-loading=""
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
