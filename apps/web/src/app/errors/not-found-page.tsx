import { MapPinOff } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

/** The catch-all page: for visitors and signed-in users alike. */
export function NotFoundContent() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-6">
      <div className="w-full max-w-md text-center">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <MapPinOff aria-hidden="true" className="size-6" />
        </span>
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="mt-1 text-2xl font-semibold">Page not found</h1>
        <p className="mt-2 break-words text-sm text-muted-foreground">
          There is no page at{' '}
          <code className="rounded bg-muted px-1 py-0.5 text-foreground">{pathname}</code>. Check
          the address, or go back to a page you know.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button asChild>
            <Link to="/">Go to Home</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/help-center">Help center</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface">
      <NotFoundContent />
    </main>
  );
}
