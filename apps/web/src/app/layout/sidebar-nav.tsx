import {
  BarChart3,
  Briefcase,
  CalendarDays,
  FileText,
  Home,
  Lock,
  Package,
  Receipt,
  TrendingUp,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import {
  canOpenSidebarEntry,
  SIDEBAR_GROUPS,
  type SidebarEntryKey,
  type SidebarGroup,
} from '@crewdesk/domain';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';

export type SidebarIcons = Partial<Record<SidebarEntryKey, LucideIcon>>;

const ICONS: SidebarIcons = {
  home: Home,
  reports: BarChart3,
  schedule: CalendarDays,
  sales: TrendingUp,
  requests: FileText,
  jobs: Briefcase,
  invoices: Receipt,
  contacts: Users,
  team: UsersRound,
  inventory: Package,
};

interface SidebarNavProps {
  collapsed: boolean;
  /** Called after a link is followed (the mobile menu closes itself). */
  onNavigate?: () => void;
  /** The groups to show, and their entries' icons: the spec's sidebar table by default. */
  groups?: readonly SidebarGroup[];
  icons?: SidebarIcons;
}

const itemBase =
  'relative flex h-10 w-full items-center gap-3 rounded-md text-sm outline-offset-[-2px] transition-colors';

export function SidebarNav({
  collapsed,
  onNavigate,
  groups = SIDEBAR_GROUPS,
  icons = ICONS,
}: SidebarNavProps) {
  const { role, activeAccountId } = useSession();

  return (
    <div className="flex flex-col gap-4">
      {groups.map((group, index) => (
        <div
          key={group.label ?? `group-${index}`}
          role="group"
          aria-label={group.label ?? undefined}
        >
          {group.label ? (
            collapsed ? (
              <hr className="mx-2 mb-3 border-border" aria-hidden="true" />
            ) : (
              <p
                aria-hidden="true"
                className="mb-1 px-3 text-[11px] font-semibold tracking-wider text-muted-foreground"
              >
                {group.label}
              </p>
            )
          ) : null}
          <ul className="flex flex-col gap-0.5">
            {group.entries.map((entry) => {
              const Icon = icons[entry.key] ?? Home;
              const allowed = canOpenSidebarEntry(role, activeAccountId, entry);
              const padding = collapsed ? 'justify-center px-0' : 'px-3';
              const label = (
                <span className={collapsed ? 'sr-only' : 'truncate'}>{entry.title}</span>
              );

              const item = allowed ? (
                <NavLink
                  to={entry.path}
                  end={entry.path === '/'}
                  onClick={onNavigate}
                  className={cn(
                    itemBase,
                    padding,
                    'text-foreground/80 hover:bg-muted hover:text-foreground aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {label}
                </NavLink>
              ) : (
                // Not a link: the role may not open it (spec section 2). Still focusable,
                // so keyboard users can discover it and read its tooltip.
                <span
                  role="link"
                  aria-disabled="true"
                  aria-label={`${entry.title} (locked)`}
                  tabIndex={0}
                  className={cn(itemBase, padding, 'cursor-not-allowed text-foreground/45')}
                >
                  <span className="relative flex">
                    <Icon aria-hidden="true" className="size-5 shrink-0" />
                    {collapsed ? (
                      <span
                        aria-hidden="true"
                        className="absolute -right-1.5 -top-1.5 flex size-3.5 items-center justify-center rounded-full bg-background ring-1 ring-border"
                      >
                        <Lock className="size-2.5" />
                      </span>
                    ) : null}
                  </span>
                  {label}
                  {collapsed ? null : (
                    <span
                      aria-hidden="true"
                      className="ml-auto flex size-5 items-center justify-center rounded-full bg-muted"
                    >
                      <Lock className="size-3" />
                    </span>
                  )}
                </span>
              );

              return (
                <li key={entry.key}>
                  {collapsed ? <Tooltip content={entry.title}>{item}</Tooltip> : item}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
