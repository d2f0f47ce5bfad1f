import { LifeBuoy, LogOut, Settings, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { accountDisplayName, initials, NO_ACCOUNT_SELECTED } from '@crewdesk/domain';
import { Avatar } from '@/components/ui/avatar';
import { contactOf } from '@/lib/session/types';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSession } from '@/lib/session/session-context';
import { useSignOut } from '@/lib/session/sign-out';
import { chooseTheme, storedTheme, THEMES, type Theme } from '@/lib/theme';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

const MENU_LINKS = [
  { to: '/settings', label: 'Profile', Icon: UserRound },
  { to: '/settings', label: 'Settings', Icon: Settings },
  { to: '/help', label: 'Support', Icon: LifeBuoy },
];

/** Spec section 2, user menu. */
export function UserMenu() {
  const { user, activeAccount } = useSession();
  const signOut = useSignOut();
  const accountName = activeAccount ? accountDisplayName(activeAccount) : NO_ACCOUNT_SELECTED;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full outline-offset-2 disabled:opacity-60"
        disabled={signOut.isPending}
      >
        {/* Named by its content, not aria-label: a label would leave out the visible initials. */}
        <span className="sr-only">Open user menu</span>
        <Avatar src={user.avatarUrl} initials={initials(user.firstName, user.lastName)} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="space-y-0.5">
          <span className="block truncate font-medium">{contactOf(user)}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">
            {accountName}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {MENU_LINKS.map(({ to, label, Icon }) => (
          <DropdownMenuItem key={label} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <ThemeChoice />
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" />
          {signOut.isPending ? 'Signing out...' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Light, dark, or as the system is: kept in this browser. */
function ThemeChoice() {
  const [theme, setTheme] = useState<Theme>(storedTheme);
  return (
    <>
      <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
        Theme
      </DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={theme}
        onValueChange={(value) => {
          chooseTheme(value as Theme);
          setTheme(value as Theme);
        }}
      >
        {THEMES.map((choice) => (
          <DropdownMenuRadioItem key={choice} value={choice} onSelect={(e) => e.preventDefault()}>
            {THEME_LABELS[choice]}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
