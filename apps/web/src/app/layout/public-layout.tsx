import { Suspense } from 'react';
import { PublicLinks } from '@/components/public-links';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Brand } from '@/components/brand';
import { PageLoading } from '@/components/ui/page-loading';
import { cn } from '@/lib/cn';
import { meQueryKey } from '@/lib/session/get-me';
import type { MeResponse } from '@/lib/session/types';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { useQueryClient } from '@tanstack/react-query';

const navLink =
  'rounded-md px-2 py-1.5 text-sm text-muted-foreground hover:text-foreground aria-[current=page]:font-medium aria-[current=page]:text-foreground';

/** Frame of the public pages (help center, contact, terms, privacy and the link pages). */
export function PublicLayout() {
  const { pathname } = useLocation();
  // Public pages ask the server nothing: what this tab already knows is enough for one link.
  const known = useQueryClient().getQueryData<MeResponse | null>(meQueryKey);
  const signedIn =
    known === undefined ? readStorage(STORAGE_KEYS.authSession) !== null : known !== null;

  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4">
          <Link
            to={signedIn ? '/' : '/help-center'}
            className="mr-auto rounded-md"
            aria-label="Crewdesk"
          >
            <Brand />
          </Link>
          <nav aria-label="Site" className="flex items-center gap-1">
            <NavLink to="/help-center" className={cn(navLink, 'hidden sm:block')}>
              Help center
            </NavLink>
            <NavLink to="/contact" className={cn(navLink, 'hidden sm:block')}>
              Contact
            </NavLink>
            <Link
              to={signedIn ? '/' : '/auth'}
              className="ml-1 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
            >
              {signedIn ? 'Open Crewdesk' : 'Sign in'}
            </Link>
          </nav>
        </div>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Suspense key={pathname} fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}

export function PublicFooter() {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>Crewdesk is free software under the GNU AGPL-3.0.</p>
        <PublicLinks label="Legal and help" />
      </div>
    </footer>
  );
}
