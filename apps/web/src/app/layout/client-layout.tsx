import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';

/**
 * The frame of the pages a business's client opens from a link (invoice, estimate, hub, proof of
 * service, inspection report, the request form): the business's document and nothing of ours above
 * it — no navigation, no staff sign-in — so no client thinks they need an account. Each page
 * draws the business's brand and contact; ours is one small line at the foot.
 */
export function ClientLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <main id="main-content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Suspense key={pathname} fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-muted-foreground">
        Powered by Crewdesk
      </footer>
    </div>
  );
}
