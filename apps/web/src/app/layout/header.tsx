import { Menu } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { accountDisplayName, initials, NO_ACCOUNT_SELECTED, ROLE_LABELS } from '@crewdesk/domain';
import { useSession } from '@/lib/session/session-context';
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

/**
 * The switcher as the page first draws it, from the session: the business's name and the role in
 * the same box, so nothing grey waits for the menu's code (hidden from assistive technology: the
 * real control replaces it within the second).
 */
function AccountSwitcherPlaceholder() {
  const { activeAccount, role } = useSession();
  return (
    <span
      aria-hidden="true"
      className="flex h-10 min-w-0 max-w-[11rem] flex-col justify-center rounded-md border bg-background px-2 sm:max-w-[16rem] sm:px-3"
    >
      <span className="block truncate text-sm font-medium leading-tight">
        {activeAccount ? accountDisplayName(activeAccount) : NO_ACCOUNT_SELECTED}
      </span>
      <span className="block truncate text-xs leading-tight text-muted-foreground">
        {ROLE_LABELS[role]}
      </span>
    </span>
  );
}

/** The menus' places, held without a grey box; the avatar already shows the person's initials. */
function MenusPlaceholder() {
  const { user } = useSession();
  return (
    <span aria-hidden="true" className="flex items-center gap-1 sm:gap-2">
      <span className="h-10 w-10 sm:w-32" />
      <span className="size-10 sm:mx-10" />
      <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
        {initials(user.firstName, user.lastName)}
      </span>
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
