import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { buildBreadcrumbs } from '@crewdesk/domain';
import { PageLoading } from '@/components/ui/page-loading';
import { useSessionSync } from '@/lib/session/use-session-sync';

/** The tab's title names the screen, as its last breadcrumb does. */
function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const screen = pathname.startsWith('/auth/reset-password')
      ? 'Reset password'
      : pathname.startsWith('/auth')
        ? 'Sign in'
        : (buildBreadcrumbs(pathname).at(-1)?.label ?? 'Home');
    document.title = `${screen} · Crewdesk`;
  }, [pathname]);
}

export function RootLayout() {
  useSessionSync();
  useDocumentTitle();
  return (
    <>
      <Suspense fallback={<PageLoading className="min-h-dvh" />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
