import { Menu } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Breadcrumbs } from './breadcrumbs';

// The header's menus (Radix popover and dropdown, the notification count) load once the first
// screen shows (showMenus), which keeps them out of the initial bundle and out of its way.
const headerActions = () => import('./header-actions');
const AccountSwitcher = lazy(() => headerActions().then((m) => ({ default: m.AccountSwitcher })));
const HeaderMenus = lazy(() => headerActions().then((m) => ({ default: m.HeaderMenus })));

interface HeaderProps {
  onOpenMenu: () => void;
  menuOpen: boolean;
  /** False while the first screen loads: the menus' places are held by their placeholders. */
  showMenus: boolean;
}

function AccountSwitcherPlaceholder() {
  return (
    <span aria-hidden="true" className="h-10 w-36 shrink-0 rounded-md border bg-muted/50 sm:w-48" />
  );
}

function MenusPlaceholder() {
  return (
    <span aria-hidden="true" className="flex items-center gap-2">
      <span className="h-9 w-10 rounded-md bg-muted/50 sm:w-32" />
      <span className="size-9 rounded-full bg-muted/50" />
    </span>
  );
}

/** Spec section 2: the header holds the account switcher, breadcrumbs and Create New. */
export function Header({ onOpenMenu, menuOpen, showMenus }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b bg-background">
      <div className="flex h-14 items-center gap-2 px-3 md:gap-4 md:px-6">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          className="flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted md:hidden"
        >
          <Menu aria-hidden="true" className="size-5" />
        </button>
        {showMenus ? (
          <Suspense fallback={<AccountSwitcherPlaceholder />}>
            <AccountSwitcher />
          </Suspense>
        ) : (
          <AccountSwitcherPlaceholder />
        )}
        <div className="min-w-0 flex-1">
          <Breadcrumbs className="hidden md:block" />
        </div>
        {showMenus ? (
          <Suspense fallback={<MenusPlaceholder />}>
            <HeaderMenus />
          </Suspense>
        ) : (
          <MenusPlaceholder />
        )}
      </div>
      <Breadcrumbs className="border-t px-4 py-2 md:hidden" />
    </header>
  );
}
