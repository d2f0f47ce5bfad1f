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
      <NotificationBell />
      <UserMenu />
    </div>
  );
}
