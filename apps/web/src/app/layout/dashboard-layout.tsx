import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { firstPaintHeader } from '@/lib/first-paint';
import { TooltipProvider } from '@/components/ui/tooltip';
import {
  ScheduleFirstScreen,
  scheduleFirstScreenOf,
} from '@/features/schedule/components/schedule-first-screen';
import { useSession } from '@/lib/session/session-context';
import { RouteGuard } from '../guards/route-guard';
import { useKeepFieldVisits } from '../use-keep-field-visits';
import { useLiveUpdates } from '../use-live-updates';
import { CommandPaletteShortcut } from './command-palette-shortcut';
import { FirstScreenShown, useFirstScreenSettled } from './first-screen';
import { Header } from './header';
import { NotAvailableOffline, OpenedOfflineBanner } from './opened-offline';
import { Sidebar } from './sidebar';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

// The slide-out menu (a Radix dialog) loads once the first screen shows, or when opened.
const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));

/**
 * Loading...; under what the server's first paint showed for this path (its heading, the
 * schedule's toolbar), if it showed anything.
 */
function ScreenLoading({ pathname }: { pathname: string }) {
  const calendar = scheduleFirstScreenOf(pathname);
  const header = firstPaintHeader(pathname);
  return (
    <>
      {calendar ? (
        <ScheduleFirstScreen {...calendar} />
      ) : header ? (
        <PageHeader title={header.title} description={header.description} />
      ) : null}
      <PageLoading />
    </>
  );
}

/** Spec section 2: every protected route lives inside this layout. */
export function DashboardLayout() {
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const settled = useFirstScreenSettled();
  const session = useSession();
  useLiveUpdates();
  useKeepFieldVisits(settled);

  return (
    // Only the dashboard has tooltips: Radix's tooltip (and floating-ui) load with this layout.
    <TooltipProvider delayDuration={300}>
      <div className="flex min-h-dvh">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          Skip to content
        </a>
        <Sidebar collapsed={collapsed} onToggle={toggleCollapsed} showMore={settled} />
        <CommandPaletteShortcut />
        {settled || menuOpen ? (
          <Suspense fallback={null}>
            <MobileNav open={menuOpen} onOpenChange={setMenuOpen} />
          </Suspense>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          {session.offline ? <OpenedOfflineBanner /> : null}
          <Header onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} showMenus={settled} />
          <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none md:px-8">
            {/* A fresh boundary per path, so a screen still loading shows Loading... (spec section 2). */}
            <div className="mx-auto w-full max-w-5xl">
              <Suspense key={pathname} fallback={<ScreenLoading pathname={pathname} />}>
                <RouteGuard>
                  {session.offline ? <NotAvailableOffline session={session} /> : <Outlet />}
                </RouteGuard>
                <FirstScreenShown />
              </Suspense>
            </div>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
