import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { NotificationBell } from '@/entities/notification/ui/notification-bell';
import { RunningTimerChip } from '@/entities/time/ui/running-timer-chip';
import { CreateNewMenu } from './create-new-menu';
import { UserMenu } from './user-menu';

export { AccountSwitcher } from './account-switcher';

export function HeaderMenus() {
  return (
    <div className="flex shrink-0 items-center gap-1 sm:gap-2">
      <RunningTimerChip />
      <CreateNewMenu />
      {/* On a phone the assistant is in the user menu: the header keeps room for the business. */}
      <Link
        to="/ai-assistant"
        aria-label="AI assistant"
        title="AI assistant"
        className="hidden size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring sm:flex"
      >
        <Sparkles aria-hidden="true" className="size-5" />
      </Link>
      <NotificationBell />
      <UserMenu />
    </div>
  );
}
