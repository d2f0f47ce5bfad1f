import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useMarkRead, useNotifications, useUnreadCount } from '../api/notification-api';
import { NotificationItem } from './notification-item';

const LATEST = 5;

function badgeText(unread: number): string {
  return unread >= 100 ? '99+' : String(unread);
}

/** The header's bell: the unread count, and the latest notifications in a popover. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={count > 0 ? `Notifications, ${badgeText(count)} unread` : 'Notifications'}
          className="relative flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Bell aria-hidden="true" className="size-5" />
          {count > 0 ? (
            <span
              aria-hidden="true"
              className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] font-semibold leading-5 text-destructive-foreground"
            >
              {badgeText(count)}
            </span>
          ) : null}
        </button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0">
        {open ? <LatestNotifications onClose={() => setOpen(false)} /> : null}
      </PopoverContent>
    </Popover>
  );
}

function LatestNotifications({ onClose }: { onClose: () => void }) {
  const list = useNotifications({ filter: 'all', kind: null }, LATEST);
  const markRead = useMarkRead();
  const items = list.data?.pages[0]?.items ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const open = (n: Notification) => {
    if (n.readAt === null) markRead.mutate([n.id]);
    onClose();
  };
  return (
    <div>
      <div className="flex items-center justify-between border-b px-3 py-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate('all')}
        >
          Mark all read
        </Button>
      </div>
      <div className="max-h-96 overflow-y-auto px-1 py-1">
        {list.isPending ? (
          <p className="px-3 py-4 text-sm text-muted-foreground" role="status">
            Loading notifications...
          </p>
        ) : list.isError ? (
          <p className="px-3 py-4 text-sm text-destructive" role="alert">
            Could not load notifications.{' '}
            <button type="button" className="underline" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">You have no notifications.</p>
        ) : (
          <ul>
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={open} compact />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t px-3 py-2 text-center">
        <Link
          to="/notifications"
          onClick={onClose}
          className="text-sm font-medium underline-offset-2 hover:underline"
        >
          See all notifications
        </Link>
      </div>
    </div>
  );
}
