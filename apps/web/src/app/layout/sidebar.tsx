import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { lazy, Suspense } from 'react';
import { SidebarNav } from './sidebar-nav';

const MoreNav = lazy(() => import('./more-nav').then((m) => ({ default: m.MoreNav })));

interface SidebarProps {
  collapsed: boolean;
  onToggle: () => void;
  /** Once the first screen has settled: the screens after the spec's table (more-nav). */
  showMore?: boolean;
}

/**
 * The wide-screen sidebar (spec section 2): 200 px expanded, a 60 px icon rail
 * collapsed. Below 768 px it is hidden and the slide-out menu takes its place,
 * so the toggle only exists on non-mobile widths.
 */
export function Sidebar({ collapsed, onToggle, showMore = false }: SidebarProps) {
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const toggle = (
    <button
      type="button"
      onClick={onToggle}
      aria-label={toggleLabel}
      aria-expanded={!collapsed}
      aria-controls="app-sidebar"
      className={cn(
        'flex h-10 w-full items-center gap-3 rounded-md text-sm text-muted-foreground hover:bg-muted hover:text-foreground',
        collapsed ? 'justify-center' : 'px-3',
      )}
    >
      {collapsed ? (
        <PanelLeftOpen aria-hidden="true" className="size-5" />
      ) : (
        <PanelLeftClose aria-hidden="true" className="size-5" />
      )}
      {collapsed ? null : <span>Collapse</span>}
    </button>
  );

  return (
    <aside
      id="app-sidebar"
      aria-label="Sidebar"
      data-collapsed={collapsed}
      style={{ width: collapsed ? 60 : 200 }}
      className="sticky top-0 hidden h-dvh shrink-0 flex-col border-r bg-background transition-[width] duration-200 md:flex"
    >
      <div
        className={cn(
          'flex h-14 shrink-0 items-center border-b',
          collapsed ? 'justify-center' : 'px-4',
        )}
      >
        <Link to="/" aria-label="Crewdesk home" className="rounded-md">
          <Brand showName={!collapsed} />
        </Link>
      </div>
      <div className="flex-1 overflow-y-auto overflow-x-hidden px-2 py-4">
        <nav aria-label="Main">
          <SidebarNav collapsed={collapsed} />
        </nav>
        {showMore ? (
          <Suspense fallback={null}>
            <MoreNav collapsed={collapsed} />
          </Suspense>
        ) : null}
      </div>
      <div className="shrink-0 border-t p-2">
        {collapsed ? <Tooltip content="Expand sidebar">{toggle}</Tooltip> : toggle}
      </div>
    </aside>
  );
}
