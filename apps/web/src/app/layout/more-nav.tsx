import { Bell, ClipboardCheck, Clock, Sparkles } from 'lucide-react';
import { canOpenSidebarEntry, SIDEBAR_MORE_ENTRIES } from '@crewdesk/domain';
import { useSession } from '@/lib/session/session-context';
import { SidebarNav, type SidebarIcons } from './sidebar-nav';

const ICONS: SidebarIcons = {
  'time-tracking': Clock,
  inspections: ClipboardCheck,
  notifications: Bell,
  'ai-assistant': Sparkles,
};

/**
 * The screens the spec's sidebar table does not list (time tracking, inspections, notifications),
 * in a navigation of their own after the main one, each only for the roles that may open it, so
 * every module can be found from the menu. Nothing when the role may open none. Loaded after the
 * first screen, like the phone's menu.
 */
export function MoreNav({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { role, activeAccountId } = useSession();
  const entries = SIDEBAR_MORE_ENTRIES.filter((entry) =>
    canOpenSidebarEntry(role, activeAccountId, entry),
  );
  if (entries.length === 0) return null;
  return (
    <nav aria-label="More" className="mt-4">
      <SidebarNav
        collapsed={collapsed}
        onNavigate={onNavigate}
        groups={[{ label: 'MORE', entries }]}
        icons={ICONS}
      />
    </nav>
  );
}
