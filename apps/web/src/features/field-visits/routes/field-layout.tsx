import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '@/components/brand';
import { PageLoading } from '@/components/ui/page-loading';
import { FieldVisitsProvider } from '@/entities/field-visit/api/field-visits-context';
import { SyncStatus } from '../components/sync-status';

/**
 * The frame of the visit view that works offline: no sidebar and nothing asked of the server
 * to draw it, so it opens from the phone's copy when there is no signal.
 */
export function FieldLayout() {
  const { pathname } = useLocation();
  return (
    <FieldVisitsProvider>
      <div className="flex min-h-dvh flex-col bg-surface">
        <header className="border-b bg-background">
          <div className="mx-auto flex h-14 max-w-2xl items-center gap-2 px-4">
            <Link to="/" className="mr-auto rounded-md" aria-label="Crewdesk home">
              <Brand />
            </Link>
            <Link to="/visits" className="rounded-md px-2 py-1.5 text-sm font-medium">
              My visits
            </Link>
          </div>
          <SyncStatus />
        </header>
        <main id="main-content" className="mx-auto w-full max-w-2xl flex-1 px-4 py-5">
          <Suspense key={pathname} fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </FieldVisitsProvider>
  );
}
